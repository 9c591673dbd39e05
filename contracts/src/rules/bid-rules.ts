import { AuctionStatus, isOpenStatus } from '../auction-status';
import type { ErrorCode } from '../errors';
import { type AuctionFacts, epochMs, type Instant } from './auction-facts';

/**
 * Why the auction takes no bid and no buy-now at `now` (null when it is open and running):
 * missing or deleted, closed (sold, unsold …), or past its end time.
 */
export function closedReason(
  auction: Pick<AuctionFacts, 'status' | 'endTime'> | null | undefined,
  now: Instant,
): ErrorCode | null {
  if (!auction || auction.status === AuctionStatus.Deleted) return 'AUCTION_NOT_FOUND';
  if (!isOpenStatus(auction.status)) return 'AUCTION_NOT_OPEN';
  if (epochMs(auction.endTime) <= epochMs(now)) return 'AUCTION_ENDED';
  return null;
}

/** The smallest bid accepted over `currentPriceFils`: a bid must be strictly above the price (one fils). */
export function minimumBidFils(currentPriceFils: number): number {
  return currentPriceFils + 1;
}

/**
 * Whether `amountFils` reaches the auction's buy-now price (R-BUY-NOW, R-MAX-BID): such an
 * amount is never placed as a maximum, nor as a bid while the purchase is on offer (bidCapFils);
 * the member is offered the purchase instead. False for an auction without a buy-now price. One
 * rule for the maximum's refusal (maxBidRefusal), the manual bid's (bidCapFils) and the web's bid
 * forms, so the client's courtesy check and the server agree.
 */
export function reachesBuyNowPrice(auction: Pick<AuctionFacts, 'buyNowPriceFils'>, amountFils: number): boolean {
  const { buyNowPriceFils } = auction;
  return !!buyNowPriceFils && buyNowPriceFils > 0 && amountFils >= buyNowPriceFils;
}

/**
 * The amount from which a manual bid is refused and the purchase offered instead
 * (R-BID-BUY-NOW-CAP): the buy-now price while the purchase is on offer (the price still below
 * it, as buyNowRefusal has it), so that `amount >= bidCapFils(auction)` is exactly "the purchase
 * is offered and the amount reaches it (reachesBuyNowPrice)"; Infinity otherwise (no buy-now
 * price, or bidding already reached it: no purchase to offer, the bid is judged as any other).
 * Computed once per batch: accepted bids stay below the cap and maximums below the buy-now price
 * (maxBidRefusal), so a batch never moves it; each bid then costs one comparison.
 */
export function bidCapFils(auction: Pick<AuctionFacts, 'currentPriceFils' | 'buyNowPriceFils'>): number {
  const { currentPriceFils, buyNowPriceFils } = auction;
  return buyNowPriceFils && currentPriceFils < buyNowPriceFils ? buyNowPriceFils : Infinity;
}

/**
 * Judges queued bids in arrival order against the auction: never the seller, each at least the
 * minimum over the running price (so of two equal amounts the first wins), and below a buy-now
 * price on offer (BID_AT_BUY_NOW, R-BID-BUY-NOW-CAP: the member is offered the purchase). The
 * server's conditional write re-checks what the database can see.
 */
export function judgeBids<T extends { bidderId: string; amountFils: number }>(
  auction: Pick<AuctionFacts, 'sellerId' | 'currentPriceFils' | 'buyNowPriceFils'>,
  bids: readonly T[],
): { accepted: T[]; rejected: { bid: T; code: ErrorCode }[]; priceFils: number } {
  const accepted: T[] = [];
  const rejected: { bid: T; code: ErrorCode }[] = [];
  let price = auction.currentPriceFils;
  const capFils = bidCapFils(auction);
  for (const bid of bids) {
    if (bid.bidderId === auction.sellerId) rejected.push({ bid, code: 'BID_OWN_AUCTION' });
    else if (bid.amountFils < minimumBidFils(price)) rejected.push({ bid, code: 'BID_TOO_LOW' });
    else if (bid.amountFils >= capFils) rejected.push({ bid, code: 'BID_AT_BUY_NOW' });
    else {
      accepted.push(bid);
      price = bid.amountFils;
    }
  }
  return { accepted, rejected, priceFils: price };
}

/**
 * Why a buy-now cannot happen at `now` (null when it can): the auction closed, the buyer is the
 * seller, there is no buy-now price, bidding already reached it, or (`expectedFils`, the price
 * the buyer saw, when sent) it changed since. `buyerId` null: a signed-out viewer, who owns
 * nothing (the sign-in itself is the caller's check).
 */
export function buyNowRefusal(
  auction: AuctionFacts | null | undefined,
  buyerId: string | null,
  now: Instant,
  expectedFils?: number,
): ErrorCode | null {
  const closed = closedReason(auction, now);
  if (closed) return closed;
  const { sellerId, currentPriceFils, buyNowPriceFils } = auction!;
  if (buyerId !== null && sellerId === buyerId) return 'BUY_NOW_OWN_AUCTION';
  if (!buyNowPriceFils || buyNowPriceFils <= 0) return 'BUY_NOW_UNAVAILABLE';
  if (currentPriceFils >= buyNowPriceFils) return 'BUY_NOW_PRICE_REACHED';
  if (expectedFils !== undefined && expectedFils !== buyNowPriceFils) return 'BUY_NOW_PRICE_CHANGED';
  return null;
}
