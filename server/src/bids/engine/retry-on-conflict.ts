import type { AuctionBidState } from './bid-writer';

/** Re-reads allowed when the database refuses a turn's write because the auction moved underneath. */
const MAX_CONFLICT_RETRIES = 5;

/** What one attempt of a turn (judge, then the conditional write) came to. */
export type Attempt =
  /** The turn is over (written, or refused by the rules); `done`: the auction after it (null: unknown). */
  | { done: AuctionBidState | null }
  /** The conditional write matched nothing: the auction, or its maximums, moved since it was read. */
  | 'conflict'
  /** Nothing written for a reason of the turn's own (a reused idempotency key): judge again on a fresh read. */
  | 'again';

interface Turn {
  /** The auction as the turn starts (the drain's last known state; null: missing or unknown). */
  initial: AuctionBidState | null;
  /** Reads the auction again (BidWriter.loadState). */
  reload: () => Promise<AuctionBidState | null>;
  /** Judges against `state` and writes with the one conditional statement, answering what it can. */
  attempt: (state: AuctionBidState | null) => Promise<Attempt>;
  /** Answers what the turn still holds once the auction kept moving (AUCTION_BUSY). */
  giveUp: () => void;
}

/**
 * The one retry loop of every turn (a bid batch, a buy-now, a correction): PostgreSQL is the
 * final arbiter (BidWriter), so a write it refuses because the auction moved is judged again
 * against a fresh read — a few times, then the turn gives up busy (safe to retry: nothing was
 * written). Returns the auction after the turn as far as known (null after giving up: the next
 * turn reads it again).
 */
export async function retryOnConflict({ initial, reload, attempt, giveUp }: Turn): Promise<AuctionBidState | null> {
  let state = initial;
  for (let tries = 0; ; tries++) {
    const outcome = await attempt(state);
    if (typeof outcome === 'object') return outcome.done;
    if (outcome === 'conflict' && tries >= MAX_CONFLICT_RETRIES) {
      giveUp();
      return null;
    }
    state = await reload();
  }
}
