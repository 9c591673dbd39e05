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
