/** Bidding and buy-now answers (HTTP and the socket acknowledgements). */
import type { BidRetractionReason } from '../rules/bid-retraction';
import type { LiveAuction } from '../socket-events';
import type { Auction, Bid } from './auctions';

/**
 * Which auction a bid's or a maximum's answer carries (docs/adr/0015-lean-bid-answer.md):
 * `live`, the default, is the live view `new_bid` carries (`LiveAuction`: price, count, end,
 * status, winner, last bids), computed once per engine batch and shared by its answers; `full`
 * is the whole auction as GET /api/auctions/{id} presents it (with its latest 20 bids). Asked
 * by the query `?view=full` over HTTP, by the field `view: 'full'` of a socket request.
 */
export const BID_ANSWER_VIEWS = ['live', 'full'] as const;
export type BidAnswerView = (typeof BID_ANSWER_VIEWS)[number];

/** Query of POST /api/auctions/{id}/bid and PUT/DELETE /api/auctions/{id}/max-bid. */
export interface BidAnswerQuery {
  view?: BidAnswerView;
}

/**
 * Answer of POST /api/auctions/{id}/bid, and the acknowledgement of the socket event `place_bid`:
 * `auction` is the live view (same key and field names as the whole auction, so a client that
 * merges the answer into its copy keeps working).
 */
export interface PlaceBidResult {
  success: true;
  message: string;
  auction: LiveAuction;
  bid: Bid;
}

/** The same answer when the caller asked for `view=full`: the whole auction, `watchedByMe` included. */
export interface PlaceBidFullResult extends Omit<PlaceBidResult, 'auction'> {
  auction: Auction;
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
 * Answer of PUT and DELETE /api/auctions/{id}/max-bid: the auction as a bid answers it (the live
 * view, or the whole auction with `view=full`), the member's own maximum (null once withdrawn)
 * and whether they hold the current price. `message` says, in Arabic, whether the maximum leads,
 * was beaten, or lost to an earlier equal one.
 */
export interface MaxBidResult {
  success: true;
  message: string;
  auction: LiveAuction;
  maxBid: MaxBid | null;
  leading: boolean;
}

/** The same answer when the caller asked for `view=full`. */
export interface MaxBidFullResult extends Omit<MaxBidResult, 'auction'> {
  auction: Auction;
}

/** Answer of GET /api/auctions/{id}/max-bid: the member's own maximum, or null. */
export interface OwnMaxBidResult {
  success: true;
  maxBid: MaxBid | null;
}

/**
 * Body of POST /api/auctions/{id}/bids/{bidId}/retract (R-BID-RETRACT): why the member takes
 * their bid back, from the fixed list (BID_RETRACTION_REASONS).
 */
export interface RetractBidBody {
  reason: BidRetractionReason;
}

/** Body of POST /api/admin/bids/{id}/cancel (R-BID-OPERATOR-CANCEL): the operator's reason, told to the bidder. */
export interface CancelBidBody {
  reason: string;
}

/**
 * Answer of a retraction and of an operator's cancel: the auction as the reprice left it (price,
 * leader, count, its latest 20 bids, the taken-back ones marked `isCancelled`), as buy-now answers.
 */
export interface BidCorrectionResult {
  success: true;
  message: string;
  auction: Auction;
}
