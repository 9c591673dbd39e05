import { AuctionStatus, ErrorCode, isOpenStatus } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import type { AuctionBidState } from './bid-writer';

/** A refused bid or buy-now; the code's status comes from contracts' ERRORS table. */
export const bidError = (code: ErrorCode) => new AppException(code);

/** Why no bid can be taken right now (null when the auction is open and running). */
export function closedReason(state: AuctionBidState | null): ErrorCode | null {
  if (!state || state.status === AuctionStatus.Deleted) return 'AUCTION_NOT_FOUND';
  if (!isOpenStatus(state.status)) return 'AUCTION_NOT_OPEN';
  if (state.endTime.getTime() <= state.dbNow.getTime()) return 'AUCTION_ENDED';
  return null;
}

/**
 * Judges queued bids in arrival order against the auction: never the seller, strictly above
 * the running price (so of two equal amounts the first wins). Pure: the database re-checks.
 */
export function judgeBids<T extends { bidderId: string; amountFils: number }>(
  state: AuctionBidState,
  bids: T[],
): { accepted: T[]; rejected: { bid: T; code: ErrorCode }[]; priceFils: number } {
  const accepted: T[] = [];
  const rejected: { bid: T; code: ErrorCode }[] = [];
  let price = state.currentPriceFils;
  for (const bid of bids) {
    if (bid.bidderId === state.sellerId) rejected.push({ bid, code: 'BID_OWN_AUCTION' });
    else if (bid.amountFils <= price) rejected.push({ bid, code: 'BID_TOO_LOW' });
    else {
      accepted.push(bid);
      price = bid.amountFils;
    }
  }
  return { accepted, rejected, priceFils: price };
}

/** Why a buy-now cannot happen (null when it can); `expectedFils` is the price the buyer saw, if sent. */
export function buyNowRefusal(state: AuctionBidState | null, buyerId: string, expectedFils?: number): ErrorCode | null {
  const closed = closedReason(state);
  if (closed) return closed;
  if (state!.sellerId === buyerId) return 'BUY_NOW_OWN_AUCTION';
  if (!state!.buyNowPriceFils || state!.buyNowPriceFils <= 0) return 'BUY_NOW_UNAVAILABLE';
  if (state!.currentPriceFils >= state!.buyNowPriceFils) return 'BUY_NOW_PRICE_REACHED';
  if (expectedFils !== undefined && expectedFils !== state!.buyNowPriceFils) return 'BUY_NOW_PRICE_CHANGED';
  return null;
}
