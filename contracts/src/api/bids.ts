/** Bidding and buy-now answers (HTTP and the socket acknowledgements). */
import type { BidRetractionReason } from '../rules/bid-retraction';
import type { LiveAuction } from '../socket-events';
import type { Auction, Bid } from './auctions';

/**
 * Which auction a bid's or a maximum's answer carries (docs/adr/0018-whole-auction-by-default.md):
 * `full`, the default, is the whole auction as GET /api/auctions/{id} presents it (with its
 * latest 20 bids): what a client of the public API expects. `live` is the live view `new_bid`
 * carries (`LiveAuction`: price, count, end, status, winner, last bids), computed once per
 * engine batch and shared by its answers: asked by the query `?view=live` over HTTP, by the
 * field `view: 'live'` of a socket request (the web app, the bench and k6 ask for it).
 */
export const BID_ANSWER_VIEWS = ['full', 'live'] as const;
export type BidAnswerView = (typeof BID_ANSWER_VIEWS)[number];
/** The view of a caller that asks for none: an optimisation never changes what a plain client receives. */
export const DEFAULT_BID_ANSWER_VIEW: BidAnswerView = 'full';

/** Query of POST /api/auctions/{id}/bid and PUT/DELETE /api/auctions/{id}/max-bid. */
export interface BidAnswerQuery {
  view?: BidAnswerView;
}

/**
 * What a client that keeps live copies asks for (the web app, the bench, k6): the live view,
 * merged as `new_bid` is. The query over HTTP, the request's fields over the socket.
 */
export const LIVE_BID_ANSWER = { view: 'live' } as const satisfies BidAnswerQuery;

/**
 * Answer of POST /api/auctions/{id}/bid, and the acknowledgement of the socket event `place_bid`:
 * the accepted bid and the whole auction after it (`bids` ends with it, `watchedByMe` true).
 */
export interface PlaceBidResult {
  success: true;
  message: string;
  auction: Auction;
  bid: Bid;
}

/**
 * The same answer when the caller asked for `view=live`: `auction` is the live view (same key and
 * field names as the whole auction, so a client that merges the answer into its copy keeps working).
 */
export interface PlaceBidLiveResult extends Omit<PlaceBidResult, 'auction'> {
  auction: LiveAuction;
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
 * Answer of PUT and DELETE /api/auctions/{id}/max-bid: the auction as a bid answers it (the whole
 * auction, or the live view with `view=live`), the member's own maximum (null once withdrawn)
 * and whether they hold the current price. `message` says, in Arabic, whether the maximum leads,
 * was beaten, or lost to an earlier equal one.
 */
export interface MaxBidResult {
  success: true;
  message: string;
  auction: Auction;
  maxBid: MaxBid | null;
  leading: boolean;
}

/** The same answer when the caller asked for `view=live`. */
export interface MaxBidLiveResult extends Omit<MaxBidResult, 'auction'> {
  auction: LiveAuction;
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
