/**
 * Buy now (R-BUY-NOW), shown while the auction is open with a buy-now price. Whether this
 * viewer may buy, and why not, is offerState's answer ('@mazad/contracts'); the purchase needs
 * a sign-in and a confirmation naming the item and the price.
 */
import type { OfferState } from '@mazad/contracts';
import { useId, useState } from 'react';
import { Money } from '@/components/display';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { formatMoney } from '@/lib/format';
import { ACTION_BUSY_RETRY_MESSAGE } from '../../api';
import { BusyRetryNotice } from '../busy-retry-notice';

export const BUY_NOW_CONFIRM_TITLE = 'تأكيد الشراء الفوري';

export function buyNowConfirmMessage(title: string, price: number): string {
  return `هل تريد شراء «${title}» فوراً بسعر ${formatMoney(price)}؟ سيتم إلغاء جميع المزايدات وإنهاء المزاد.`;
}

export interface BuyNowBoxProps {
  title: string;
  buyNowPrice: number;
  /** What the viewer may do now (offerState). */
  offer: Pick<OfferState, 'canBuyNow' | 'buyNowRefusal'>;
  busy?: boolean;
  /** The purchase is being sent again after AUCTION_BUSY (said near the button). */
  retrying?: boolean;
  error?: string | null;
  onBuy: () => void;
  onLoginRequired?: () => void;
}

export function BuyNowBox({
  title,
  buyNowPrice,
  offer,
  busy = false,
  retrying = false,
  error,
  onBuy,
  onLoginRequired,
}: BuyNowBoxProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const refusal = offer.buyNowRefusal;
  // Bidding reached the buy-now price: nobody can buy now, the button says so by itself.
  const overtaken = refusal?.code === 'BUY_NOW_PRICE_REACHED';

  const start = () => {
    if (refusal) {
      toast.error(refusal.message);
      if (refusal.code === 'SIGN_IN_TO_BUY') onLoginRequired?.();
      return;
    }
    setConfirming(true);
  };

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
        onClick={start}
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
      <ConfirmDialog
        open={confirming}
        title={BUY_NOW_CONFIRM_TITLE}
        message={buyNowConfirmMessage(title, buyNowPrice)}
        confirmLabel="تأكيد الشراء"
        cancelLabel="إلغاء"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onBuy();
        }}
      />
    </section>
  );
}
