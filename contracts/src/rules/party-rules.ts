import { AuctionStatus } from '../auction-status';
import type { ErrorCode } from '../errors';
import { type AuctionFacts, epochMs, type Instant } from './auction-facts';

/**
 * What the seller's and the parties' rules read of an auction, beside the bidding facts. The
 * server passes its stored row (the auction entity has these fields); a client builds them from
 * the API's auction.
 */
export interface PartyFacts extends Pick<AuctionFacts, 'sellerId' | 'status' | 'endTime'> {
  /** Null until someone won (by the last bid or a buy-now). */
  winnerId: string | null;
  bidCount: number;
  hasBeenEdited: boolean;
}

/** The text of NOT_AUCTION_OWNER when the refused action is a delete (the table's text speaks of editing). */
export const NOT_OWNER_DELETE_MESSAGE = 'لا يمكنك حذف مزاد لا تملكه';

const missing = (auction: Pick<PartyFacts, 'status'> | null | undefined): boolean =>
  !auction || auction.status === AuctionStatus.Deleted;

/**
 * Why `actorId` may not edit the auction at `now` (null when they may), in the order a member can
 * act on: missing or deleted, not theirs, no longer active or past its end, has bids, already
 * edited once. `actorId` null: a signed-out viewer, who owns nothing.
 */
export function editRefusal(
  auction: Pick<PartyFacts, 'sellerId' | 'status' | 'endTime' | 'bidCount' | 'hasBeenEdited'> | null | undefined,
  actorId: string | null,
  now: Instant,
): ErrorCode | null {
  if (missing(auction)) return 'AUCTION_NOT_FOUND';
  const { sellerId, status, endTime, bidCount, hasBeenEdited } = auction!;
  if (sellerId !== actorId) return 'NOT_AUCTION_OWNER';
  if (status !== AuctionStatus.Active || epochMs(endTime) <= epochMs(now)) return 'AUCTION_NOT_EDITABLE';
  if (bidCount > 0) return 'AUCTION_HAS_BIDS';
  if (hasBeenEdited) return 'AUCTION_ALREADY_EDITED';
  return null;
}

/**
 * Why `actorId` may not delete the auction as its seller (null when they may): missing or
 * deleted, not theirs (shown with NOT_OWNER_DELETE_MESSAGE), has bids, or sold (a buy-now
 * without bids has a winner: AUCTION_NOT_DELETABLE). An ended, unsold auction may be deleted.
 */
export function sellerDeleteRefusal(
  auction: Pick<PartyFacts, 'sellerId' | 'status' | 'bidCount' | 'winnerId'> | null | undefined,
  actorId: string | null,
): ErrorCode | null {
  if (missing(auction)) return 'AUCTION_NOT_FOUND';
  const { sellerId, bidCount, winnerId } = auction!;
  if (sellerId !== actorId) return 'NOT_AUCTION_OWNER';
  if (bidCount > 0) return 'AUCTION_HAS_BIDS';
  if (winnerId) return 'AUCTION_NOT_DELETABLE';
  return null;
}

/**
 * Why `actorId` may not confirm the deal (null when they may): missing or deleted, neither the
 * seller nor the winner, or not sold. Confirming an already confirmed deal is no refusal: it
 * succeeds and changes nothing.
 */
export function dealConfirmRefusal(
  auction: Pick<PartyFacts, 'sellerId' | 'status' | 'winnerId'> | null | undefined,
  actorId: string | null,
): ErrorCode | null {
  if (missing(auction)) return 'AUCTION_NOT_FOUND';
  const { sellerId, status, winnerId } = auction!;
  if (actorId === null || (actorId !== sellerId && actorId !== winnerId)) return 'NOT_DEAL_PARTY';
  if (status !== AuctionStatus.Sold || !winnerId) return 'AUCTION_NOT_SOLD';
  return null;
}
