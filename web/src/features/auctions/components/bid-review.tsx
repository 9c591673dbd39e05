/**
 * The second look at a typed amount (R-BID-REVIEW), shown in place of the form that held it:
 * - BidReview: an amount far above the price, in figures and in Arabic words, with what it is
 *   compared to; confirm sends it, edit goes back to the amount.
 * - BuyNowOffer: an amount at or above the buy-now price is never a bid; the purchase at the
 *   buy-now price is offered instead (its own confirmation follows), or the amount is edited.
 * Focus moves to the panel (not to its confirm button), so a second Enter cannot send the bid.
 */
import { jodInWords, type BidReviewReason } from '@mazad/contracts';
import { useEffect, useId, useRef } from 'react';
import { Money } from '@/components/display';
import { Button } from '@/components/ui/button';

/** What the amount is compared to in the review. */
export function reviewReasonText(reason: BidReviewReason): string {
  return reason === 'over-twice-price' ? 'وهو أكثر من ضعف السعر الحالي' : 'وهو أعلى بكثير من المبلغ المقترح';
}

export const BID_BINDING_NOTE = 'المزايدة ملزمة ولا يمكن سحبها بعد إرسالها.';

function usePanelFocus() {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return panel;
}

export interface BidReviewProps {
  amount: number;
  reason: BidReviewReason;
  /** The price or the suggestion the amount is compared to (JOD). */
  currentPrice: number;
  suggestedBid: number;
  /** The confirm button's words («تأكيد المزايدة» or «تأكيد الحد الأقصى»). */
  confirmLabel?: string;
  /** «المزايدة» or «حدك الأقصى»: what is being reviewed. */
  subject?: string;
  busy?: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

export function BidReview({
  amount,
  reason,
  currentPrice,
  suggestedBid,
  confirmLabel = 'تأكيد المزايدة',
  subject = 'مزايدتك',
  busy = false,
  onConfirm,
  onEdit,
}: BidReviewProps) {
  const titleId = useId();
  const panel = usePanelFocus();
  return (
    <div
      ref={panel}
      className="bid-review"
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="bid-review"
    >
      <p id={titleId} className="bid-review__title">
        راجع {subject} قبل إرسالها
      </p>
      <p className="bid-review__amount">
        <Money amount={amount} className="bid-review__figures" data-testid="bid-review-figures" />
      </p>
      <p className="bid-review__words" data-testid="bid-review-words">
        {jodInWords(amount)}
      </p>
      <p className="bid-review__compare">
        {reviewReasonText(reason)} (
        {reason === 'over-twice-price' ? <Money amount={currentPrice} /> : <Money amount={suggestedBid} />}).{' '}
        {BID_BINDING_NOTE}
      </p>
      <div className="bid-review__actions">
        <Button onClick={onConfirm} loading={busy} disabled={busy}>
          {confirmLabel} بـ <Money amount={amount} />
        </Button>
        <Button variant="secondary" onClick={onEdit} disabled={busy}>
          تعديل المبلغ
        </Button>
      </div>
    </div>
  );
}

export interface BuyNowOfferProps {
  buyNowPrice: number;
  /** The viewer may buy now (offerState's canBuyNow); otherwise only the edit is offered. */
  canBuyNow: boolean;
  onBuyNow: () => void;
  onEdit: () => void;
}

export const AT_BUY_NOW_TEXT = 'هذا المبلغ يبلغ سعر الشراء الفوري أو يتجاوزه، فلا يُقبل كمزايدة.';

export function BuyNowOffer({ buyNowPrice, canBuyNow, onBuyNow, onEdit }: BuyNowOfferProps) {
  const titleId = useId();
  const panel = usePanelFocus();
  return (
    <div
      ref={panel}
      className="bid-review bid-review--buy-now"
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="buy-now-offer"
    >
      <p id={titleId} className="bid-review__title">
        {AT_BUY_NOW_TEXT}
      </p>
      <p>
        يمكنك شراء السلعة الآن بسعر <Money amount={buyNowPrice} /> وينتهي المزاد لصالحك.
      </p>
      <div className="bid-review__actions">
        {canBuyNow && (
          <Button onClick={onBuyNow}>
            شراء فوري بسعر <Money amount={buyNowPrice} />
          </Button>
        )}
        <Button variant="secondary" onClick={onEdit}>
          تعديل المبلغ
        </Button>
      </div>
    </div>
  );
}
