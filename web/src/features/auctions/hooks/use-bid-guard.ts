import { jodToFils, typedBidAction, type BidReviewReason } from '@mazad/contracts';
import { useCallback, useState } from 'react';

/** A typed amount held back from sending: read back for review, or at the buy-now price. */
export type HeldBid = { kind: 'review'; amount: number; reason: BidReviewReason } | { kind: 'buy-now'; amount: number };

/** A price the server sent has at most 3 decimals; rounding absorbs float noise. */
const toFils = (jod: number) => jodToFils(jod) ?? Math.round(jod * 1000);

/**
 * The second look every bid form gives a typed amount before it is sent (R-BID-REVIEW, through
 * contracts' typedBidAction): `submit(amount)` sends an ordinary amount at once; one far above the
 * price is held for review, one at or above the buy-now price is held with the offer to buy now
 * instead (never sent as a bid). `confirm()` sends the amount under review; `release()` drops it
 * (the member edits the amount). Used by the detail page's bid and maximum boxes and the bid modal.
 */
export function useBidGuard(currentPrice: number, buyNowPrice: number | null, send: (amount: number) => void) {
  const [held, setHeld] = useState<HeldBid | null>(null);
  const submit = (amount: number) => {
    const decision = typedBidAction(
      { currentPriceFils: toFils(currentPrice), buyNowPriceFils: buyNowPrice ? toFils(buyNowPrice) : null },
      toFils(amount),
    );
    if (decision.action === 'send') {
      setHeld(null);
      send(amount);
    } else if (decision.action === 'review') setHeld({ kind: 'review', amount, reason: decision.reason });
    else setHeld({ kind: 'buy-now', amount });
  };
  const confirm = () => {
    if (held?.kind !== 'review') return;
    setHeld(null);
    send(held.amount);
  };
  // Stable: forms release a held amount when the live price moves.
  const release = useCallback(() => setHeld(null), []);
  return { held, submit, confirm, release };
}
