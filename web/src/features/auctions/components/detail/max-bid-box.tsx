/**
 * Automatic bidding on the detail page (R-MAX-BID): the member sets, raises or withdraws their
 * secret maximum (theirs alone: the server sends it to nobody else; the page shows it under the
 * price, StandingLine). The field starts empty and the action says what it commits to («زايد
 * تلقائياً حتى 150.000 د.أ», following what is typed), so nothing is set by one tap. The smallest
 * maximum is offerState's `minimumMaxBid` (the price plus one step, R-BID-STEP). A maximum far
 * above the price is read back first (R-BID-REVIEW); one at or above the buy-now price is not sent
 * (the server would refuse it, MAX_BID_AT_BUY_NOW): the purchase is offered instead, here or on
 * the server's refusal.
 */
import { ERROR_MESSAGES, FIELDS, type OfferState } from '@mazad/contracts';
import { useId, useState } from 'react';
import { Money } from '@/components/display';
import { InputField, SubmitButton } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { ACTION_BUSY_RETRY_MESSAGE } from '../../api';
import { useBidAmountForm } from '../../hooks/use-bid-amount-form';
import { useBidGuard } from '../../hooks/use-bid-guard';
import type { BidFormValues } from '../../lib/bid-amount';
import { BidReview, BuyNowOffer } from '../bid-review';
import { BusyRetryNotice } from '../busy-retry-notice';

export interface MaxBidError {
  message: string;
  /** The server answered MAX_BID_AT_BUY_NOW: offer the purchase instead. */
  offerBuyNow: boolean;
}

export const MAX_BID_ACTION = 'زايد تلقائياً';

export interface MaxBidBoxProps {
  currentPrice: number;
  offer: Pick<OfferState, 'minimumMaxBid' | 'buyNowPrice' | 'canBuyNow'>;
  /** The member has a maximum (it can be withdrawn). */
  hasOwn: boolean;
  busy?: boolean;
  /** The change is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  error?: MaxBidError | null;
  onSet: (amount: number) => void;
  onWithdraw: () => void;
  /** The member asks to buy now instead (the page confirms the purchase). */
  onBuyNow: () => void;
}

export function MaxBidBox({
  currentPrice,
  offer,
  hasOwn,
  busy = false,
  retrying = false,
  error,
  onSet,
  onWithdraw,
  onBuyNow,
}: MaxBidBoxProps) {
  const titleId = useId();
  const minimum = offer.minimumMaxBid;
  const { form, amount } = useBidAmountForm(
    { minimumBid: minimum, suggestedBid: minimum },
    { prefill: false, field: FIELDS.maxBid },
  );
  const guard = useBidGuard(currentPrice, offer.buyNowPrice, onSet);
  const [dismissed, setDismissed] = useState<MaxBidError | null>(null);

  const edit = () => {
    guard.release();
    setDismissed(error ?? null);
    form.setFocus('amount', { shouldSelect: true });
  };
  const held = guard.held;
  const serverOffer = !!error?.offerBuyNow && dismissed !== error;
  const offerPurchase = held?.kind === 'buy-now' || (serverOffer && !held);

  return (
    <section className="detail-box max-bid-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        المزايدة التلقائية
      </h2>
      <p className="muted">
        حدد أقصى مبلغ تقبل دفعه، ونزايد عنك تلقائياً بأصغر خطوة تبقيك في المقدمة. لا يرى حدك الأقصى أحد غيرك.
      </p>
      <Form form={form} onSubmit={({ amount: value }) => guard.submit(value)} className="bid-box__form">
        <InputField<BidFormValues>
          name="amount"
          label="الحد الأقصى (د.أ)"
          className="bid-box__field"
          format="amount"
          disabled={busy}
          placeholder={String(minimum)}
          hint={
            <>
              {ERROR_MESSAGES.MAX_BID_TOO_LOW}: <Money amount={minimum} />
            </>
          }
        />
        {held?.kind === 'review' ? (
          <BidReview
            amount={held.amount}
            reason={held.reason}
            currentPrice={currentPrice}
            suggestedBid={minimum}
            subject="حدك الأقصى"
            confirmLabel="تأكيد الحد الأقصى"
            busy={busy}
            onConfirm={guard.confirm}
            onEdit={edit}
          />
        ) : offerPurchase && offer.buyNowPrice !== null ? (
          <BuyNowOffer
            buyNowPrice={offer.buyNowPrice}
            canBuyNow={offer.canBuyNow}
            onBuyNow={() => {
              guard.release();
              onBuyNow();
            }}
            onEdit={edit}
          />
        ) : (
          <SubmitButton block loading={busy} disabled={busy || amount === null}>
            {amount === null ? (
              MAX_BID_ACTION
            ) : (
              <>
                {MAX_BID_ACTION} حتى <Money amount={amount} />
              </>
            )}
          </SubmitButton>
        )}
        <BusyRetryNotice retrying={retrying} text={ACTION_BUSY_RETRY_MESSAGE} />
      </Form>
      {hasOwn && (
        <Button variant="secondary" block disabled={busy} onClick={onWithdraw}>
          سحب الحد الأقصى
        </Button>
      )}
      {error && !offerPurchase && dismissed !== error && (
        <p className="field__error" role="alert">
          {error.message}
        </p>
      )}
    </section>
  );
}
