import type { AmountRule, OfferState } from '@mazad/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { bidAmountResolver, checkBidAmount, type BidFormValues } from '../lib/bid-amount';

/**
 * The amount form of the bid forms (the modal, the detail page's bid and maximum boxes): checked
 * against the offer's minimum on every change; `amountOk` is what keeps the confirm button
 * disabled, `amount` the valid amount typed (null otherwise). Prefilled with the offer's
 * suggestion unless `prefill` is false: the maximum's field starts empty, so that one tap never
 * commits the member to anything. `field` names the amount in its messages (contracts' fields: a
 * bid's unless given). Each form decides itself when a live price resets the amount.
 */
export function useBidAmountForm(
  offer: Pick<OfferState, 'minimumBid' | 'suggestedBid'>,
  { prefill = true, field }: { prefill?: boolean; field?: AmountRule } = {},
) {
  const suggestion = String(offer.suggestedBid);
  const form = useForm<BidFormValues, unknown, { amount: number }>({
    resolver: bidAmountResolver(offer.minimumBid, field),
    defaultValues: { amount: prefill ? suggestion : '' },
    mode: 'onChange',
  });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const check = checkBidAmount(typed ?? '', offer.minimumBid);
  return { form, suggestion, amountOk: check.ok, amount: check.ok ? check.amount : null };
}
