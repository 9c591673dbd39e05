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
