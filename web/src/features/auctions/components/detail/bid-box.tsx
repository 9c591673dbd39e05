/**
 * The bid box of the detail page (R-BID-MIN-INCREMENT): the amount is prefilled with the
 * current price + one step (R-BID-STEP), its minimum is that with a 0.01 step, and the confirm button is
 * disabled while the amount is below the minimum. Whether this viewer may bid, and why not, is
 * offerState's answer ('@mazad/contracts'); the server decides the rest.
 */
import { ERROR_MESSAGES, type OfferState } from '@mazad/contracts';
import { useEffect, useId } from 'react';
import { Money } from '@/components/display';
import { InputField, SubmitButton } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { toast } from '@/components/ui/toast-store';
import { BID_BUSY_RETRY_MESSAGE } from '../../api';
import { useBidAmountForm } from '../../hooks/use-bid-amount-form';
import { checkBidAmount, type BidFormValues } from '../../lib/bid-amount';
import { BusyRetryNotice } from '../busy-retry-notice';

export interface BidBoxProps {
  currentPrice: number;
  /** What the viewer may do now (offerState). */
  offer: Pick<OfferState, 'open' | 'canBid' | 'bidRefusal' | 'minimumBid' | 'suggestedBid'>;
  busy?: boolean;
  /** The bid is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  /** The server's refusal of the last attempt, shown under the form. */
  error?: string | null;
  onBid: (amount: number) => void;
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
  onLoginRequired,
}: BidBoxProps) {
  const titleId = useId();
  const { form, suggestion, amountOk } = useBidAmountForm(offer);

  // A new current price (a bid from anyone): refresh the suggestion unless the typed amount
  // still beats it.
  const { getValues, resetField } = form;
  useEffect(() => {
    if (!checkBidAmount(getValues('amount'), offer.minimumBid).ok) resetField('amount', { defaultValue: suggestion });
  }, [offer.minimumBid, suggestion, getValues, resetField]);

  const canConfirm = offer.open && !busy && amountOk;

  const submit = ({ amount: value }: { amount: number }) => {
    if (offer.bidRefusal) {
      toast.error(offer.bidRefusal.message);
      if (offer.bidRefusal.code === 'SIGN_IN_TO_BID') onLoginRequired?.();
      return;
    }
    onBid(value);
  };

  return (
    <section className="detail-box bid-box" aria-labelledby={titleId}>
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
            type="number"
            inputMode="decimal"
            dir="ltr"
            min={suggestion}
            step={0.01}
            disabled={busy}
            hint={
              <>
                {ERROR_MESSAGES.BID_TOO_LOW} <Money amount={currentPrice} />، والمبلغ المقترح{' '}
                <Money amount={offer.suggestedBid} />
              </>
            }
          />
          <SubmitButton block size="lg" loading={busy} disabled={!canConfirm}>
            تأكيد المزايدة
          </SubmitButton>
          <BusyRetryNotice retrying={retrying} text={BID_BUSY_RETRY_MESSAGE} />
          {offer.bidRefusal?.code === 'BID_OWN_AUCTION' && <p className="field__hint">{offer.bidRefusal.message}</p>}
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
        </Form>
      )}
    </section>
  );
}
