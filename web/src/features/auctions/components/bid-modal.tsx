/**
 * The bid modal (R-BID-MIN-INCREMENT, R-CLIENT-ERROR-TEXT): the item at a glance, the last three bids, the
 * notices of each role, and the amount (minimum current price + 1, step 0.01, prefilled with
 * current price + 1). Confirm stays disabled while the amount is at or below the current price.
 * A bid closes the modal 2 s after it is accepted; a buy-now 3 s after.
 */
import type { Auction } from '@mazad/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AuctionImage, Money } from '@/components/display';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { abbreviateName } from '@/lib/names';
import { BID_ERROR_FALLBACK, BUY_NOW_ERROR_FALLBACK, useBidMutation, useBuyNowMutation } from '../api';
import { useServerNow } from '../hooks/use-server-now';
import { bidAmountMessage, checkBidAmount, suggestedBid } from '../lib/bid-amount';
import {
  AUCTION_ENDED,
  BID_SUCCESS,
  BUY_NOW_SUCCESS,
  LOGIN_TO_BID,
  messageTone,
  YOU_OWN_THIS_AUCTION,
} from '../lib/messages';
import { isOpen } from '../lib/visibility';
import { Countdown } from './countdown';

export const BID_CLOSE_DELAY_MS = 2000;
export const BUY_NOW_CLOSE_DELAY_MS = 3000;

interface ModalMessage {
  text: string;
  failed: boolean;
}

/** R-CLIENT-ERROR-TEXT's colours (success word green, error word red, otherwise blue); failures are always red. */
function toneOf(message: ModalMessage) {
  return message.failed ? 'error' : messageTone(message.text);
}

export interface BidModalProps {
  auction: Auction;
  open: boolean;
  onClose: () => void;
}

export function BidModal({ auction, open, onClose }: BidModalProps) {
  const { user } = useSession();
  const now = useServerNow();
  const formId = useId();
  const amountId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const suggestion = String(suggestedBid(auction.currentPrice));
  const [amountText, setAmountText] = useState(suggestion);
  const [touched, setTouched] = useState(false);
  const [message, setMessage] = useState<ModalMessage | null>(null);
  const [confirmingBuy, setConfirmingBuy] = useState(false);
  // A fresh start each time the modal opens, and a live price change moves the suggestion
  // along until the member types their own amount (state adjusted while rendering, as React
  // recommends for state that follows props).
  const [wasOpen, setWasOpen] = useState(open);
  const [suggested, setSuggested] = useState(suggestion);
  if (open !== wasOpen || suggestion !== suggested) {
    const opening = open && !wasOpen;
    setWasOpen(open);
    setSuggested(suggestion);
    if (opening) {
      setTouched(false);
      setMessage(null);
      setConfirmingBuy(false);
    }
    if (opening || (open && !touched)) setAmountText(suggestion);
  }

  const bid = useBidMutation(auction._id);
  const buy = useBuyNowMutation(auction._id);

  const isSeller = Boolean(user && auction.seller?._id === user._id);
  const isWinner = Boolean(user && auction.winner?._id === user._id);
  const endsAt = Date.parse(auction.endTime);
  const accepting = isOpen(auction.status) && !(endsAt <= now);
  const buyNowPrice = auction.buyNowPrice && auction.buyNowPrice > 0 ? auction.buyNowPrice : null;
  const canBuyNow = Boolean(
    user && !isSeller && accepting && buyNowPrice !== null && auction.currentPrice < buyNowPrice,
  );
  const canBid = Boolean(user && !isSeller && accepting);
  const check = checkBidAmount(amountText, auction.currentPrice);
  const busy = bid.isPending || buy.isPending;
  const lastBids = (auction.bids ?? [])
    .filter((b) => !b.isCancelled)
    .slice(-3)
    .reverse();

  // Focus the amount (the dialog first focuses its close button).
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const closeLater = (ms: number) => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      onClose();
    }, ms);
  };

  const close = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canBid || !check.ok || busy) return;
    setMessage(null);
    bid.mutate(
      { amount: check.amount },
      {
        onSuccess: (result) => {
          const text = result?.message || BID_SUCCESS;
          setMessage({ text, failed: false });
          toast.success(text);
          closeLater(BID_CLOSE_DELAY_MS);
        },
        // The API client has already shown the server's message as a toast.
        onError: (error) => setMessage({ text: errorMessage(error, BID_ERROR_FALLBACK), failed: true }),
      },
    );
  };

  const onBuyNow = () => {
    if (!canBuyNow || busy) return;
    setMessage(null);
    buy.mutate(
      { expectedPrice: auction.buyNowPrice ?? undefined },
      {
        onSuccess: (result) => {
          const text = result?.message || BUY_NOW_SUCCESS;
          setConfirmingBuy(false);
          setMessage({ text, failed: false });
          toast.success(text);
          closeLater(BUY_NOW_CLOSE_DELAY_MS);
        },
        onError: (error) => {
          setConfirmingBuy(false);
          setMessage({ text: errorMessage(error, BUY_NOW_ERROR_FALLBACK), failed: true });
        },
      },
    );
  };

  const amountError = touched && !check.ok && check.problem !== 'empty' ? bidAmountMessage(check.problem) : null;

  return (
    <Modal
      open={open}
      onClose={close}
      title={`المزايدة على: ${auction.title}`}
      footer={
        canBid ? (
          <>
            <Button type="submit" form={formId} disabled={!check.ok || busy} loading={bid.isPending}>
              تأكيد المزايدة
            </Button>
            <Button variant="secondary" onClick={close}>
              إلغاء
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={close}>
            إغلاق
          </Button>
        )
      }
    >
      <div className="bid-modal">
        <div className="bid-modal__summary">
          <AuctionImage
            auction={auction}
            alt={auction.title}
            className="bid-modal__image"
            width={96}
            height={96}
          />
          <dl className="facts">
            <div className="facts__row">
              <dt>السعر الحالي</dt>
              <dd>
                <Money amount={auction.currentPrice} dir="ltr" className="price price--current" />
              </dd>
            </div>
            <div className="facts__row">
              <dt>عدد المزايدات</dt>
              <dd>
                <bdi dir="ltr">{auction.bidCount ?? 0}</bdi>
              </dd>
            </div>
            {buyNowPrice !== null && (
              <div className="facts__row">
                <dt>سعر الشراء الفوري</dt>
                <dd>
                  <Money amount={buyNowPrice} dir="ltr" />
                </dd>
              </div>
            )}
            <div className="facts__row">
              <dt>الوقت المتبقي</dt>
              <dd>
                <Countdown endTime={auction.endTime} now={now} className="countdown--inline" />
              </dd>
            </div>
          </dl>
        </div>

        <section className="bid-modal__bids" aria-labelledby={`${formId}-bids`}>
          <h3 id={`${formId}-bids`} className="bid-modal__subtitle">
            آخر المزايدات
          </h3>
          {lastBids.length === 0 ? (
            <p className="muted">لا توجد مزايدات بعد، كن أول المزايدين.</p>
          ) : (
            <ol className="bid-list">
              {lastBids.map((b) => (
                <li key={b._id} className="bid-list__item">
                  <span>{abbreviateName(b.bidder?.name)}</span>
                  <Money amount={b.amount} dir="ltr" className="bid-list__amount" />
                </li>
              ))}
            </ol>
          )}
        </section>

        {!user && (
          <div className="notice notice--info" role="status">
            {LOGIN_TO_BID}.{' '}
            <Link to={paths.login.getHref()} onClick={close}>
              تسجيل الدخول
            </Link>
          </div>
        )}
        {user && isSeller && (
          <div className="notice notice--info" role="status">
            {YOU_OWN_THIS_AUCTION}، لا يمكنك المزايدة عليه أو شراؤه.
          </div>
        )}
        {user && !isSeller && !accepting && !message && (
          <div className={`notice ${isWinner ? 'notice--success' : 'notice--warning'}`} role="status">
            {isWinner ? 'مبروك! لقد فزت بهذا المزاد.' : `${AUCTION_ENDED}، لم يعد يقبل المزايدات.`}
          </div>
        )}

        {canBid && (
          <form id={formId} className="form bid-modal__form" onSubmit={onSubmit} noValidate>
            <div className={`field ${amountError ? 'field--invalid' : ''}`}>
              <label htmlFor={amountId} className="field__label">
                مبلغ المزايدة (د.أ)
              </label>
              <input
                ref={inputRef}
                id={amountId}
                className="field__input"
                type="number"
                inputMode="decimal"
                dir="ltr"
                min={suggestion}
                step="0.01"
                value={amountText}
                onChange={(e) => {
                  setTouched(true);
                  setAmountText(e.target.value);
                }}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={hintId}
                disabled={busy}
              />
              <p id={hintId} className={amountError ? 'field__error' : 'field__hint'}>
                {amountError ?? (
                  <>
                    يجب أن تزيد المزايدة على <Money amount={auction.currentPrice} dir="ltr" />
                  </>
                )}
              </p>
            </div>
          </form>
        )}

        {canBuyNow && buyNowPrice !== null && (
          <div className="bid-modal__buy">
            {confirmingBuy ? (
              <div className="confirm-inline" role="group" aria-labelledby={`${formId}-buy`}>
                <p id={`${formId}-buy`}>
                  تأكيد الشراء الفوري: هل تريد شراء «{auction.title}» بسعر{' '}
                  <Money amount={buyNowPrice} dir="ltr" />؟
                </p>
                <div className="confirm-inline__actions">
                  <Button size="sm" onClick={onBuyNow} loading={buy.isPending} disabled={busy}>
                    نعم، اشترِ الآن
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setConfirmingBuy(false)}
                    disabled={buy.isPending}
                  >
                    تراجع
                  </Button>
                </div>
              </div>
            ) : (
              <Button variant="secondary" block onClick={() => setConfirmingBuy(true)} disabled={busy}>
                شراء فوري بسعر <Money amount={buyNowPrice} dir="ltr" />
              </Button>
            )}
          </div>
        )}

        <div aria-live="polite" className="bid-modal__message">
          {message && (
            <p className={`notice notice--${toneOf(message)}`} data-testid="bid-modal-message">
              {message.text}
            </p>
          )}
        </div>
      </div>
    </Modal>
  );
}
