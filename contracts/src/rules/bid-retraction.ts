import type { ErrorCode } from '../errors';
import { type AuctionFacts, epochMs, type Instant } from './auction-facts';
import { closedReason } from './bid-rules';

/**
 * Taking a bid back (docs/adr/0017-bid-retraction-and-typed-bids.md): a member retracts their own
 * bid after a typo (R-BID-RETRACT), an operator cancels any one bid (R-BID-OPERATOR-CANCEL).
 * Pure rules, shared by the server's engine (which judges them in the auction's bid order, by the
 * database clock) and the web's bid history (which offers the retraction only when the server
 * would take it).
 */

/**
 * Why a member may retract a bid: the fixed list they choose from (a code on the wire, its
 * Arabic label shown). Only a wrong amount: a listing cannot change once it has a bid
 * (R-EDIT-ONCE), so "the description changed" never applies here.
 */
export const BID_RETRACTION_REASONS = {
  wrong_amount: 'أدخلت مبلغاً خاطئاً',
} as const;
export type BidRetractionReason = keyof typeof BID_RETRACTION_REASONS;
export const BID_RETRACTION_REASON_CODES = Object.keys(BID_RETRACTION_REASONS) as BidRetractionReason[];

/** A bid may be retracted within this long after it was placed (a typo is noticed at once). */
export const BID_RETRACTION_WINDOW_MS = 60 * 60 * 1000;
/**
 * The auction's last hours: a bid placed before them cannot be retracted in them (the bids others
 * made against it stand); a bid placed in them can, within BID_RETRACTION_WINDOW_MS.
 */
export const BID_RETRACTION_LAST_HOURS_MS = 12 * 60 * 60 * 1000;
/** At most this many retractions per member over the last BID_RETRACTION_PERIOD_DAYS days, every auction together. */
export const BID_RETRACTIONS_PER_PERIOD = 3;
export const BID_RETRACTION_PERIOD_DAYS = 30;

/** The bid a retraction or a cancel names, as the rules need it (null: no such bid on that auction). */
export interface BidFacts {
  bidderId: string;
  createdAt: Instant;
  isCancelled: boolean;
}

/**
 * Why `memberId` may not retract `bid` at `now` (null when they may), the monthly limit aside
 * (the server counts the stored retractions as it writes one): the auction must take bids, the
 * bid must exist on it, be theirs and still stand, be at most an hour old, and not be placed
 * before the auction's last 12 hours when these have begun.
 */
export function retractionRefusal(
  auction: Pick<AuctionFacts, 'status' | 'endTime'> | null | undefined,
  bid: BidFacts | null | undefined,
  memberId: string,
  now: Instant,
): ErrorCode | null {
  const closed = closedReason(auction, now);
  if (closed) return closed;
  if (!bid) return 'BID_NOT_FOUND';
  if (bid.bidderId !== memberId) return 'BID_NOT_YOURS';
  if (bid.isCancelled) return 'BID_ALREADY_CANCELLED';
  const placedAt = epochMs(bid.createdAt);
  const at = epochMs(now);
  if (at - placedAt > BID_RETRACTION_WINDOW_MS) return 'BID_RETRACT_WINDOW_PASSED';
  const lastHoursFrom = epochMs(auction!.endTime) - BID_RETRACTION_LAST_HOURS_MS;
  if (at >= lastHoursFrom && placedAt < lastHoursFrom) return 'BID_RETRACT_LAST_HOURS';
  return null;
}

/**
 * Why an operator may not cancel `bid` at `now` (null when they may): only on an auction that
 * still takes bids (a closed one has its result), and only a standing bid of it.
 */
export function operatorCancelRefusal(
  auction: Pick<AuctionFacts, 'status' | 'endTime'> | null | undefined,
  bid: BidFacts | null | undefined,
  now: Instant,
): ErrorCode | null {
  const closed = closedReason(auction, now);
  if (closed) return closed;
  if (!bid) return 'BID_NOT_FOUND';
  return bid.isCancelled ? 'BID_ALREADY_CANCELLED' : null;
}
