/**
 * Automatic bidding on the detail page (R-MAX-BID): the member sets, raises or withdraws their
 * secret maximum and sees it (theirs alone: the server sends it to nobody else), with whether it
 * still leads as the live auction moves. The smallest
 * maximum is offerState's `minimumMaxBid` (the price plus one step, R-BID-STEP); a maximum that
 * reaches the buy-now price is refused by the server with an offer to buy now, shown here.
 */
import { ERROR_MESSAGES, type MaxBid, type OfferState } from '@mazad/contracts';
import { useEffect, useId } from 'react';
import { Money } from '@/components/display';
import { InputField, SubmitButton } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { ACTION_BUSY_RETRY_MESSAGE } from '../../api';
import { useBidAmountForm } from '../../hooks/use-bid-amount-form';
import { checkBidAmount, type BidFormValues } from '../../lib/bid-amount';
import { BusyRetryNotice } from '../busy-retry-notice';

export interface MaxBidError {
  message: string;
  /** The server answered MAX_BID_AT_BUY_NOW: offer the purchase instead. */
  offerBuyNow: boolean;
}

export interface MaxBidBoxProps {
  offer: Pick<OfferState, 'minimumMaxBid' | 'buyNowPrice' | 'canBuyNow'>;
  /** The member's own maximum, null without one. */
  own: MaxBid | null;
  /** The member holds the current price (the live auction's latest bid is theirs). */
  leading?: boolean;
  busy?: boolean;
  /** The change is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  error?: MaxBidError | null;
  onSet: (amount: number) => void;
  onWithdraw: () => void;
  onBuyNow: () => void;
}

export function MaxBidBox({
  offer,
  own,
  leading = false,
  busy = false,
  retrying = false,
  error,
  onSet,
  onWithdraw,
  onBuyNow,
}: MaxBidBoxProps) {
  const titleId = useId();
  const minimum = offer.minimumMaxBid;
  const { form, suggestion, amountOk } = useBidAmountForm({ minimumBid: minimum, suggestedBid: minimum });

  // The price moved (a bid from anyone): refresh the suggestion unless the typed amount still fits.
  const { getValues, resetField } = form;
  useEffect(() => {
    if (!checkBidAmount(getValues('amount'), minimum).ok) resetField('amount', { defaultValue: suggestion });
  }, [minimum, suggestion, getValues, resetField]);

  return (
    <section className="detail-box max-bid-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        المزايدة التلقائية
      </h2>
      <p className="muted">
        حدد أقصى مبلغ تقبل دفعه، ونزايد عنك تلقائياً بأصغر خطوة تبقيك في المقدمة. لا يرى حدك الأقصى أحد غيرك.
      </p>
      {own && (
        <p className="max-bid-box__own" data-testid="own-max-bid" aria-live="polite">
          حدك الأقصى: <Money amount={own.amount} /> —{' '}
          {leading ? 'أنت صاحب أعلى مزايدة' : 'تجاوزته مزايدة أخرى، ارفعه لتتقدم'}
        </p>
      )}
      <Form form={form} onSubmit={({ amount }) => onSet(amount)} className="bid-box__form">
        <InputField<BidFormValues>
          name="amount"
          label="الحد الأقصى (د.أ)"
          className="bid-box__field"
          type="number"
          inputMode="decimal"
          dir="ltr"
          min={suggestion}
          step={0.001}
          disabled={busy}
          hint={
            <>
              {ERROR_MESSAGES.MAX_BID_TOO_LOW}: <Money amount={minimum} />
            </>
          }
        />
        <SubmitButton block loading={busy} disabled={busy || !amountOk}>
          {own ? 'تعديل الحد الأقصى' : 'حفظ الحد الأقصى'}
        </SubmitButton>
        <BusyRetryNotice retrying={retrying} text={ACTION_BUSY_RETRY_MESSAGE} />
      </Form>
      {own && (
        <Button variant="secondary" block disabled={busy} onClick={onWithdraw}>
          سحب الحد الأقصى
        </Button>
      )}
      {error && (
        <div role="alert">
          <p className="field__error">{error.message}</p>
          {error.offerBuyNow && offer.canBuyNow && offer.buyNowPrice !== null && (
            <Button block onClick={onBuyNow}>
              اشترِ الآن بسعر <Money amount={offer.buyNowPrice} />
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
