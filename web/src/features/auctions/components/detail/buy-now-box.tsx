/**
 * Buy now (R-BUY-NOW), shown while the auction is open with a buy-now price. Whether this
 * viewer may buy, and why not, is offerState's answer ('@mazad/contracts'); the purchase needs
 * a sign-in and a confirmation naming the item and the price, which the page asks (useBuyNow:
 * the same confirmation whichever button — this box, the sticky bar, a bid at the buy-now
 * price — asked for it).
 */
import type { OfferState } from '@mazad/contracts';
import { useId } from 'react';
import { Money } from '@/components/display';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { ACTION_BUSY_RETRY_MESSAGE } from '../../api';
import { BusyRetryNotice } from '../busy-retry-notice';

export const BUY_NOW_CONFIRM_TITLE = 'تأكيد الشراء الفوري';

export function buyNowConfirmMessage(title: string, price: number): string {
  return `هل تريد شراء «${title}» فوراً بسعر ${formatMoney(price)}؟ سيتم إلغاء جميع المزايدات وإنهاء المزاد.`;
}

export interface BuyNowBoxProps {
  buyNowPrice: number;
  /** What the viewer may do now (offerState). */
  offer: Pick<OfferState, 'buyNowRefusal'>;
  busy?: boolean;
  /** The purchase is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  error?: string | null;
  /** Asks for the purchase (the page confirms it, or says why not). */
  onAsk: () => void;
}

export function BuyNowBox({ buyNowPrice, offer, busy = false, retrying = false, error, onAsk }: BuyNowBoxProps) {
  const titleId = useId();
  const refusal = offer.buyNowRefusal;
  // Bidding reached the buy-now price: nobody can buy now, the button says so by itself.
  const overtaken = refusal?.code === 'BUY_NOW_PRICE_REACHED';
  return (
    <section className="detail-box buy-now-box" aria-labelledby={titleId}>
      <h2 id={titleId} className="detail-box__title">
        الشراء الفوري
      </h2>
      <p className="buy-now-box__price">
        <span className="muted">اشترِ الآن بسعر</span>{' '}
        <Money amount={buyNowPrice} className="detail-price detail-price--buy-now" />
      </p>
      <Button
        variant="secondary"
        className="buy-now-box__button"
        block
        size="lg"
        loading={busy}
        disabled={overtaken}
        onClick={onAsk}
      >
        شراء فوري
      </Button>
      <BusyRetryNotice retrying={retrying} text={ACTION_BUSY_RETRY_MESSAGE} />
      {overtaken && <p className="field__hint">{refusal.message}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
