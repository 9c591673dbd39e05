import type { OfferState } from '@mazad/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { bidAmountResolver, checkBidAmount, type BidFormValues } from '../lib/bid-amount';

/**
 * The amount form of both bid forms (the modal and the detail page's box): prefilled with the
 * offer's suggestion, checked against its minimum on every change; `amountOk` is what keeps the
 * confirm button disabled. Each form decides itself when a live price resets the amount.
 */
export function useBidAmountForm(offer: Pick<OfferState, 'minimumBid' | 'suggestedBid'>) {
  const suggestion = String(offer.suggestedBid);
  const form = useForm<BidFormValues, unknown, { amount: number }>({
    resolver: bidAmountResolver(offer.minimumBid),
    defaultValues: { amount: suggestion },
    mode: 'onChange',
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  return { form, suggestion, amountOk: checkBidAmount(amount ?? '', offer.minimumBid).ok };
}
