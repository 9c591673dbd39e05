/**
 * The bid box of the detail page (R-BID-MIN-INCREMENT): the amount is prefilled with the
 * current price + one step (R-BID-STEP), its minimum is that with a 0.01 step, and the confirm button is
 * disabled while the amount is below the minimum. Whether this viewer may bid, and why not, is
 * offerState's answer ('@mazad/contracts'); the server decides the rest. A typed amount gets a
 * second look before it is sent (R-BID-REVIEW, useBidGuard): far above the price it is read back
 * in figures and words; at or above the buy-now price the purchase is offered instead of a bid.
 */
import { ERROR_MESSAGES, type OfferState } from '@mazad/contracts';
import { useEffect, useId, useState } from 'react';
import { Money } from '@/components/display';
import { InputField, SubmitButton } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { toast } from '@/components/ui/toast-store';
import { BID_BUSY_RETRY_MESSAGE } from '../../api';
import { useBidAmountForm } from '../../hooks/use-bid-amount-form';
import { useBidGuard } from '../../hooks/use-bid-guard';
import { checkBidAmount, type BidFormValues } from '../../lib/bid-amount';
import { BidReview, BuyNowOffer } from '../bid-review';
import { BusyRetryNotice } from '../busy-retry-notice';
import { BID_BOX_ID } from './bid-box-anchor';

export interface BidError {
  message: string;
  /** The server refused a bid at the buy-now price: offer the purchase instead. */
  offerBuyNow?: boolean;
}

export interface BidBoxProps {
  currentPrice: number;
  /** What the viewer may do now (offerState). */
  offer: Pick<
    OfferState,
    'open' | 'canBid' | 'bidRefusal' | 'minimumBid' | 'suggestedBid' | 'buyNowPrice' | 'canBuyNow'
  >;
  busy?: boolean;
  /** The bid is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  /** The server's refusal of the last attempt, shown under the form. */
  error?: BidError | null;
  onBid: (amount: number) => void;
  /** The member asks to buy now instead (the page confirms the purchase). */
  onBuyNow?: () => void;
  /** A signed-out visitor tried to bid (after the toast). */
  onLoginRequired?: () => void;
}

export function BidBox({
  currentPrice,
  offer,
  busy = false,
  retrying = false,
  error,
  onBid,
  onBuyNow,
  onLoginRequired,
}: BidBoxProps) {
  const titleId = useId();
  const { form, suggestion, amountOk } = useBidAmountForm(offer);
  const guard = useBidGuard(currentPrice, offer.buyNowPrice, onBid);

  // A new current price (a bid from anyone): refresh the suggestion unless the typed amount
  // still beats it; an amount held for review is looked at again against the new price.
  const { getValues, resetField, setFocus } = form;
  const { release } = guard;
  useEffect(() => {
    if (!checkBidAmount(getValues('amount'), offer.minimumBid).ok) resetField('amount', { defaultValue: suggestion });
    release();
  }, [offer.minimumBid, suggestion, getValues, resetField, release]);

  const canConfirm = offer.open && !busy && amountOk;

  const submit = ({ amount: value }: { amount: number }) => {
    if (offer.bidRefusal) {
      toast.error(offer.bidRefusal.message);
      if (offer.bidRefusal.code === 'SIGN_IN_TO_BID') onLoginRequired?.();
      return;
    }
    guard.submit(value);
  };

  // The server's offer to buy now stays until the member edits the amount.
  const [dismissed, setDismissed] = useState<BidError | null>(null);
  const edit = () => {
    guard.release();
    setDismissed(error ?? null);
    setFocus('amount', { shouldSelect: true });
  };

  const held = guard.held;
  const serverOffer = !!error?.offerBuyNow && dismissed !== error;
  const offerPurchase = held?.kind === 'buy-now' || (serverOffer && !held);

  return (
    <section id={BID_BOX_ID} className="detail-box bid-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        قدّم مزايدتك
      </h2>
      {!offer.open ? (
        <p className="muted">هذا المزاد لم يعد يقبل المزايدات.</p>
      ) : (
        <Form form={form} onSubmit={submit} className="bid-box__form">
          <InputField<BidFormValues>
            name="amount"
            label="مبلغ المزايدة (د.أ)"
            className="bid-box__field"
            format="amount"
            disabled={busy}
            hint={
              <>
                {ERROR_MESSAGES.BID_TOO_LOW} <Money amount={currentPrice} />، والمبلغ المقترح{' '}
                <Money amount={offer.suggestedBid} />
              </>
            }
          />
          {held?.kind === 'review' ? (
            <BidReview
              amount={held.amount}
              reason={held.reason}
              currentPrice={currentPrice}
              suggestedBid={offer.suggestedBid}
              busy={busy}
              onConfirm={guard.confirm}
              onEdit={edit}
            />
          ) : offerPurchase && offer.buyNowPrice !== null ? (
            <BuyNowOffer
              buyNowPrice={offer.buyNowPrice}
              canBuyNow={offer.canBuyNow && !!onBuyNow}
              onBuyNow={() => {
                guard.release();
                onBuyNow?.();
              }}
              onEdit={edit}
            />
          ) : (
            <SubmitButton block size="lg" loading={busy} disabled={!canConfirm}>
              تأكيد المزايدة
            </SubmitButton>
          )}
          <BusyRetryNotice retrying={retrying} text={BID_BUSY_RETRY_MESSAGE} />
          {error && !held && dismissed !== error && (
            <p className="field__error" role="alert">
              {error.message}
            </p>
          )}
        </Form>
      )}
    </section>
  );
}
