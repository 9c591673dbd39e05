/**
 * The bid box of the detail page (R-BID-MIN-INCREMENT): the amount is prefilled with the
 * current price + 1, its minimum is current + 1 with a 0.01 step, and the confirm button is
 * disabled while the amount is at or below the current price. Signed-out visitors and the
 * seller are told why they cannot bid; the server decides the rest.
 */
import { ERROR_MESSAGES } from '@mazad/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { formatMoney } from '@/lib/format';
import { bidAmountMessage, checkBidAmount, suggestedBid } from '../../lib/bid-amount';
import type { ViewerRole } from '../../lib/detail-rules';
import { LOGIN_TO_BID, TOO_MANY_DECIMALS } from '../../lib/messages';

export interface BidBoxProps {
  currentPrice: number;
  /** The auction accepts bids (open status, not past its end). */
  open: boolean;
  role: ViewerRole;
  busy?: boolean;
  /** The server's refusal of the last attempt, shown under the form. */
  error?: string | null;
  onBid: (amount: number) => void;
  /** A signed-out visitor tried to bid (after the toast). */
  onLoginRequired?: () => void;
}

export function BidBox({ currentPrice, open, role, busy = false, error, onBid, onLoginRequired }: BidBoxProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const suggestion = suggestedBid(currentPrice);
  const [amount, setAmount] = useState(() => String(suggestion));
  const [pricedAt, setPricedAt] = useState(currentPrice);

  // A new current price (a bid from anyone): refresh the suggestion unless the typed amount
  // still beats it.
  if (pricedAt !== currentPrice) {
    setPricedAt(currentPrice);
    if (!checkBidAmount(amount, currentPrice).ok) setAmount(String(suggestion));
  }

  const check = checkBidAmount(amount, currentPrice);
  const tooPrecise = !check.ok && check.problem === 'too-many-decimals';
  const canConfirm = open && !busy && check.ok;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (role === 'visitor') {
      toast.error(LOGIN_TO_BID);
      onLoginRequired?.();
      return;
    }
    if (role === 'seller') {
      toast.error(ERROR_MESSAGES.BID_OWN_AUCTION);
      return;
    }
    if (!check.ok) {
      toast.error(bidAmountMessage(check.problem));
      return;
    }
    onBid(check.amount);
  };

  return (
    <section className="detail-box bid-box" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="detail-box__title">
        قدّم مزايدتك
      </h2>
      {!open ? (
        <p className="muted">هذا المزاد لم يعد يقبل المزايدات.</p>
      ) : (
        <form className="bid-box__form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={inputId} className="field__label">
              مبلغ المزايدة (د.أ)
            </label>
            <input
              id={inputId}
              className="field__input bid-box__input"
              type="number"
              inputMode="decimal"
              dir="ltr"
              min={suggestion}
              step={0.01}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
              aria-invalid={amount !== '' && !check.ok ? true : undefined}
              disabled={busy}
            />
            <p id={hintId} className={tooPrecise ? 'field__error' : 'field__hint'}>
              {tooPrecise ? (
                TOO_MANY_DECIMALS
              ) : (
                <>
                  {ERROR_MESSAGES.BID_TOO_LOW} <bdi>{formatMoney(currentPrice)}</bdi>، والمبلغ المقترح{' '}
                  <bdi>{formatMoney(suggestion)}</bdi>
                </>
              )}
            </p>
          </div>
          <Button type="submit" block size="lg" loading={busy} disabled={!canConfirm}>
            تأكيد المزايدة
          </Button>
          {role === 'seller' && <p className="field__hint">{ERROR_MESSAGES.BID_OWN_AUCTION}</p>}
          {error && (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
