/**
 * The bid modal (R-BID-MIN-INCREMENT, R-BUY-NOW): the item at a glance, the last three bids,
 * the notices of each role, and the amount (minimum current price + one step, step 0.01, prefilled
 * with current price + one step, R-BID-STEP). What the viewer may do is offerState's answer ('@mazad/contracts').
 * Confirm stays disabled while the amount is below the minimum; an amount far above the price
 * is read back first, and one at the buy-now price offers the purchase instead (R-BID-REVIEW,
 * useBidGuard). A bid closes the modal 2 s after it is accepted; a buy-now 3 s after.
 */
import { offerState, type Auction } from '@mazad/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { AuctionImage, Money } from '@/components/display';
import { InputField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { abbreviateName } from '@/lib/names';
import {
  ACTION_BUSY_RETRY_MESSAGE,
  BID_BUSY_RETRY_MESSAGE,
  BID_ERROR_FALLBACK,
  BUY_NOW_ERROR_FALLBACK,
  useBidMutation,
  useBuyNowMutation,
} from '../api';
import { useBidAmountForm } from '../hooks/use-bid-amount-form';
import { useBidGuard } from '../hooks/use-bid-guard';
import type { BidFormValues } from '../lib/bid-amount';
import { useServerNow } from '../hooks/use-server-now';
import { AUCTION_ENDED, BID_SUCCESS, BUY_NOW_SUCCESS, messageTone, YOU_OWN_THIS_AUCTION } from '../lib/messages';
import { BidReview, BuyNowOffer } from './bid-review';
import { BusyRetryNotice } from './busy-retry-notice';
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
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const offer = offerState(auction, user, now);
  const { form, suggestion, amountOk } = useBidAmountForm(offer);
  const [message, setMessage] = useState<ModalMessage | null>(null);
  const [confirmingBuy, setConfirmingBuy] = useState(false);
  // A fresh start each time the modal opens (state adjusted while rendering, as React
  // recommends for state that follows props).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMessage(null);
      setConfirmingBuy(false);
    }
  }
  // The amount starts at the suggestion each time the modal opens, and follows a live price
  // change until the member types their own.
  const { resetField, getFieldState } = form;
  const wasShown = useRef(false);
  useEffect(() => {
    const opening = open && !wasShown.current;
    wasShown.current = open;
    if (opening || (open && !getFieldState('amount').isDirty)) resetField('amount', { defaultValue: suggestion });
  }, [open, suggestion, resetField, getFieldState]);

  const bid = useBidMutation(auction._id);
  const buy = useBuyNowMutation(auction._id);

  const busy = bid.isPending || buy.isPending;
  const lastBids = (auction.bids ?? [])
    .filter((b) => !b.isCancelled)
    .slice(-3)
    .reverse();

  // Focus the amount (the dialog first focuses its close button).
  const { setFocus } = form;
  useEffect(() => {
    if (open && offer.canBid) setFocus('amount');
  }, [open, offer.canBid, setFocus]);

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

  const sendBid = async (value: number) => {
    if (!offer.canBid || busy) return;
    setMessage(null);
    try {
      const result = await bid.mutateAsync({ amount: value });
      const text = result?.message || BID_SUCCESS;
      setMessage({ text, failed: false });
      toast.success(text);
      closeLater(BID_CLOSE_DELAY_MS);
    } catch (error) {
      // The server's message was already shown as a toast (useKeyedAction).
      setMessage({ text: errorMessage(error, BID_ERROR_FALLBACK), failed: true });
    }
  };

  // A far amount is read back, one at the buy-now price offers the purchase (R-BID-REVIEW).
  const guard = useBidGuard(auction.currentPrice, offer.buyNowPrice, (value) => void sendBid(value));
  const held = guard.held;
  const { release } = guard;
  useEffect(() => {
    if (!open) release();
  }, [open, release]);
  const editAmount = () => {
    guard.release();
    form.setFocus('amount', { shouldSelect: true });
  };

  const onBuyNow = () => {
    if (!offer.canBuyNow || busy) return;
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

  return (
    <Modal
      open={open}
      onClose={close}
      title={`المزايدة على: ${auction.title}`}
      footer={
        offer.canBid && !held ? (
          <>
            <Button type="submit" form={formId} disabled={!amountOk || busy} loading={bid.isPending}>
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
          <AuctionImage auction={auction} alt={auction.title} className="bid-modal__image" width={96} height={96} />
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
            {offer.buyNowPrice !== null && (
              <div className="facts__row">
                <dt>سعر الشراء الفوري</dt>
                <dd>
                  <Money amount={offer.buyNowPrice} dir="ltr" />
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

        {offer.bidRefusal?.code === 'SIGN_IN_TO_BID' && (
          <div className="notice notice--info" role="status">
            {offer.bidRefusal.message}.{' '}
            <Link to={paths.login.getHref()} onClick={close}>
              تسجيل الدخول
            </Link>
          </div>
        )}
        {offer.role === 'seller' && (
          <div className="notice notice--info" role="status">
            {YOU_OWN_THIS_AUCTION}، لا يمكنك المزايدة عليه أو شراؤه.
          </div>
        )}
        {user && offer.role !== 'seller' && !offer.open && !message && (
          <div className={`notice ${offer.role === 'winner' ? 'notice--success' : 'notice--warning'}`} role="status">
            {offer.role === 'winner' ? 'مبروك! لقد فزت بهذا المزاد.' : `${AUCTION_ENDED}، لم يعد يقبل المزايدات.`}
          </div>
        )}

        {offer.canBid && (
          <Form
            form={form}
            onSubmit={({ amount: value }) => guard.submit(value)}
            id={formId}
            className="form bid-modal__form"
          >
            <InputField<BidFormValues>
              name="amount"
              label="مبلغ المزايدة (د.أ)"
              format="amount"
              disabled={busy}
              hint={
                <>
                  يجب أن تزيد المزايدة على <Money amount={auction.currentPrice} dir="ltr" />
                </>
              }
            />
          </Form>
        )}

        {held?.kind === 'review' && (
          <BidReview
            amount={held.amount}
            reason={held.reason}
            currentPrice={auction.currentPrice}
            suggestedBid={offer.suggestedBid}
            busy={busy}
            onConfirm={guard.confirm}
            onEdit={editAmount}
          />
        )}
        {held?.kind === 'buy-now' && offer.buyNowPrice !== null && !confirmingBuy && (
          <BuyNowOffer
            buyNowPrice={offer.buyNowPrice}
            canBuyNow={offer.canBuyNow}
            onBuyNow={() => {
              guard.release();
              setConfirmingBuy(true);
            }}
            onEdit={editAmount}
          />
        )}

        {offer.canBuyNow && offer.buyNowPrice !== null && (
          <div className="bid-modal__buy">
            {confirmingBuy ? (
              <div className="confirm-inline" role="group" aria-labelledby={`${formId}-buy`}>
                <p id={`${formId}-buy`}>
                  تأكيد الشراء الفوري: هل تريد شراء «{auction.title}» بسعر{' '}
                  <Money amount={offer.buyNowPrice} dir="ltr" />؟
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
                شراء فوري بسعر <Money amount={offer.buyNowPrice} dir="ltr" />
              </Button>
            )}
          </div>
        )}

        <BusyRetryNotice
          retrying={bid.retrying || buy.retrying}
          text={bid.retrying ? BID_BUSY_RETRY_MESSAGE : ACTION_BUSY_RETRY_MESSAGE}
        />
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
