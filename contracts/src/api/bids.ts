/** Bidding and buy-now answers (HTTP and the socket acknowledgements). */
import type { Auction, Bid } from './auctions';

/** Answer of POST /api/auctions/{id}/bid, and the acknowledgement of the socket event `place_bid`. */
export interface PlaceBidResult {
  success: true;
  message: string;
  auction: Auction;
  bid: Bid;
}

/** Answer of POST /api/auctions/{id}/buy-now, and the acknowledgement of the socket event `buy_now`. */
export interface BuyNowResult {
  success: true;
  message: string;
  auction: Auction;
}

/** Body of POST /api/auctions/{id}/bid (JOD, at most 3 decimals); an `Idempotency-Key` header makes a retry safe. */
export interface PlaceBidBody {
  amount: number;
}

/** Body of POST /api/auctions/{id}/buy-now: the buy-now price the buyer saw (JOD); without it, the current one. */
export interface BuyNowBody {
  expectedPrice?: number;
}

/** Body of PUT /api/auctions/{id}/max-bid (JOD): the most the member is ready to pay (R-MAX-BID). */
export interface MaxBidBody {
  amount: number;
}

/** A member's own maximum, shown to them alone. */
export interface MaxBid {
  amount: number;
  setAt: string;
}

/**
 * Answer of PUT and DELETE /api/auctions/{id}/max-bid: the auction as a bid answers it, the
 * member's own maximum (null once withdrawn) and whether they hold the current price. `message`
 * says, in Arabic, whether the maximum leads, was beaten, or lost to an earlier equal one.
 */
export interface MaxBidResult {
  success: true;
  message: string;
  auction: Auction;
  maxBid: MaxBid | null;
  leading: boolean;
}

/** Answer of GET /api/auctions/{id}/max-bid: the member's own maximum, or null. */
export interface OwnMaxBidResult {
  success: true;
  maxBid: MaxBid | null;
}
