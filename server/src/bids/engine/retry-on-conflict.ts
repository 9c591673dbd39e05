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
 * PostgreSQL rolled the write back to break a deadlock (40P01) or a serialization conflict
 * (40001): nothing was written, so it is the same as a write that matched nothing. A bid's write
 * can meet a member's removal that way (the removal holds the member's row and then the
 * auction's; a maximum's automatic bid for that member takes the auction's, then the member's).
 */
const isRolledBack = (err: unknown) => ['40P01', '40001'].includes((err as { code?: string } | null)?.code ?? '');

/**
 * The one retry loop of every turn (a bid batch, a buy-now, a correction): PostgreSQL is the
 * final arbiter (BidWriter), so a write it refuses because the auction moved (or rolls back in a
 * deadlock) is judged again against a fresh read — a few times, then the turn gives up busy (safe to retry: nothing was
 * written). Returns the auction after the turn as far as known (null after giving up: the next
 * turn reads it again).
 */
export async function retryOnConflict({ initial, reload, attempt, giveUp }: Turn): Promise<AuctionBidState | null> {
  let state = initial;
  for (let tries = 0; ; tries++) {
    let outcome: Attempt;
    try {
      outcome = await attempt(state);
    } catch (err) {
      if (!isRolledBack(err)) throw err;
      outcome = 'conflict';
    }
    if (typeof outcome === 'object') return outcome.done;
    if (outcome === 'conflict' && tries >= MAX_CONFLICT_RETRIES) {
      giveUp();
      return null;
    }
    state = await reload();
  }
}
