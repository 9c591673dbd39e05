import type {
  Auction,
  Bid,
  BidAnswerView,
  BuyNowResult,
  ChatMessage,
  MessageReadPayload,
  Notification,
  PartyRef,
  PlaceBidResult,
  PlaceBidLiveResult,
} from './api';
import type { AuctionStatus } from './auction-status';
import type { ApiErrorBody, ErrorCode } from './errors';

/** Socket.IO event names. Both spellings of the room events are honoured by the server. */
export const SocketEvents = {
  JoinAuction: 'join_auction',
  JoinAuctionAlt: 'join-auction',
  LeaveAuction: 'leave_auction',
  LeaveAuctionAlt: 'leave',
  NewBid: 'new_bid',
  AuctionUpdated: 'auction_updated',
  AuctionEnded: 'auction_ended',
  AuctionBought: 'auction_bought',
  NewAuction: 'new-auction',
  Outbid: 'outbid',
  NewMessage: 'new_message',
  NewMessageAlt: 'new-message',
  MessageRead: 'message_read',
  AuctionSold: 'auction_sold',
  AuctionWon: 'auction_won',
  AuctionUnsold: 'auction_unsold',
  ConversationCreated: 'conversation_created',
  DealConfirmed: 'deal_confirmed',
  Rated: 'rated',
  WatchCount: 'watch_count',
  WatchlistChanged: 'watchlist_changed',
  Notification: 'notification',
  Error: 'error',
  PlaceBid: 'place_bid',
  BuyNow: 'buy_now',
} as const;

export const auctionRoom = (auctionId: string) => `auction:${auctionId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** How many bids a live view carries (`LiveAuction.lastBids`): a card's and the bid modal's last three. */
export const LIVE_VIEW_BIDS = 3;

/**
 * The slim live view of an auction that `new_bid` carries: what moves with a bid, and nothing
 * else (no description, images, seller, title). Clients merge it into the full auction they
 * read by REST (`GET /api/auctions/{id}`) or got from `auction_updated`; fields keep their REST
 * names and units, so a merge is a plain field copy (docs/realtime.md, "The live view").
 */
export interface LiveAuction {
  /** The auction's id, under the same key as every auction object of the API. */
  _id: string;
  /** JOD, as every price of the API. */
  currentPrice: number;
  bidCount: number;
  /** ISO time; moves with anti-sniping extensions. */
  endTime: string;
  status: AuctionStatus;
  winner: PartyRef | null;
  /** The auction's last LIVE_VIEW_BIDS bids (fewer while it has fewer), NEWEST FIRST. */
  lastBids: Bid[];
  /**
   * The auction's sequence number: its bid count after the newest of `lastBids` (the same
   * number as `bidCount`, and as the `bidCount` of the REST auction). Bids are the only thing
   * that changes a live view (edits, ends, purchases and the corrections that take bids back
   * travel as full auctions), and the count only grows (a cancelled bid stays counted), so it is
   * monotonic per auction and a client can check any copy against it (`liveViewOrder`).
   */
  seq: number;
}

/**
 * How a live view relates to a copy of the auction that has `knownSeq` bids (its `bidCount`):
 *  - `stale`: nothing newer than the copy (an earlier or repeated message; another replica's
 *    message overtaken by one already applied): ignore it;
 *  - `next`: newer, and its `lastBids` hold every bid the copy lacks: merge it, nothing is missing;
 *  - `gap`: newer, but `seq - knownSeq` bids were placed and only `lastBids` arrived — bids are
 *    missing from the copy's history (a lost message, a reconnect, a late join, or a burst
 *    coalesced into one message). The live fields are still the latest: apply them, then
 *    re-read the auction once for the history.
 */
export function liveViewOrder(knownSeq: number, view: Pick<LiveAuction, 'seq' | 'lastBids'>): 'stale' | 'next' | 'gap' {
  if (view.seq <= knownSeq) return 'stale';
  return view.seq - knownSeq <= view.lastBids.length ? 'next' : 'gap';
}

/**
 * `new_bid` to `auction:<id>`: the public `{ auction, bid }` (R-SOCKET-CONTRACT), where `auction` is the
 * slim live view and `bid` the latest bid this message reports (the newest bid its replica
 * committed; `auction.lastBids[0]` unless another replica's bid followed it).
 */
export interface NewBidPayload {
  auction: LiveAuction;
  bid: Bid;
}

/** `auction_updated` and `auction_ended` to `auction:<id>`. */
export interface AuctionPayload {
  auction: Auction;
}

/** `auction_bought` to `auction:<id>`: a member bought the auction at its buy-now price. */
export interface AuctionBoughtPayload {
  auction: Auction;
  buyer: PartyRef;
}

/** `outbid` to the `user:<id>` room of the member who led before a new bid. */
export interface OutbidPayload {
  auctionId: string;
  title: string;
  /** The bid that overtook the member (JOD). */
  amount: number;
  currentPrice: number;
  /** Arabic notice, ready to show. */
  message: string;
}

/**
 * The per-member events below go to the `user:<id>` room of each member the fact concerns (on
 * every replica), after it is committed: enough for the member's own screens (conversations,
 * deal panel, profile tabs, archive) to know which reads to refresh, nothing more. They carry
 * only what those screens already show both parties (names, title, price); the lists themselves
 * are read again by REST.
 */

/**
 * `auction_sold` (to the seller) and `auction_won` (to the winner) when an auction ends sold
 * (time ran out with bids, or buy-now); `auction_unsold` (to the seller, `winner` null) when it
 * ends without bids.
 */
export interface AuctionOutcomePayload {
  auctionId: string;
  title: string;
  status: AuctionStatus;
  /** The final price (JOD). */
  currentPrice: number;
  seller: PartyRef;
  winner: PartyRef | null;
}

/** `conversation_created` to the seller and the winner: the sale opened their after-sale chat. */
export interface ConversationCreatedPayload {
  auctionId: string;
  title: string;
  seller: PartyRef;
  winner: PartyRef;
}

/** `deal_confirmed` to the seller and the winner (the first confirmation only). */
export interface DealConfirmedPayload {
  auctionId: string;
  /** The member who confirmed (the seller or the winner). */
  confirmedBy: string;
  /** ISO time (as the auction's `dealConfirmedAt`). */
  dealConfirmedAt: string | null;
}

/** `rated` to the rated member and the rater. Stars are public (the profile's ratings list). */
export interface RatedPayload {
  auctionId: string;
  raterId: string;
  ratedUserId: string;
  stars: number;
}

/** `error` to the socket that sent a malformed room request. */
export interface SocketErrorPayload {
  message: string;
  code?: ErrorCode;
}

/** What a room request carries: the auction id itself or `{ auctionId }` (both forms are in use). */
export type AuctionRoomRequest = string | { auctionId: string };

/** Acknowledgement of a room request (when the client passes a callback). */
export type AuctionRoomAck = { ok: true; auctionId: string } | { ok: false };

/** `watch_count` to `auction:<id>`: a member saved or unsaved the auction (who is not told). */
export interface WatchCountPayload {
  auctionId: string;
  watchCount: number;
}

/**
 * `watchlist_changed` to the member's own `user:<id>` room: they saved or unsaved an auction
 * (from any tab or device), so their other screens show the same state and re-read the list.
 */
export interface WatchlistChangedPayload extends WatchCountPayload {
  watched: boolean;
}

/**
 * `notification` to the member's own `user:<id>` room: a new notice of the bell, with the
 * member's unread count after it (so every tab and device shows the same badge); also sent with
 * `notification: null` when notices were marked read elsewhere.
 */
export interface NotificationPayload {
  notification: Notification | null;
  unreadCount: number;
}

/** Every event the server emits, with its payload (Socket.IO `Server<…, ServerToClientEvents>`). */
export interface ServerToClientEvents {
  [SocketEvents.NewBid]: (payload: NewBidPayload) => void;
  [SocketEvents.AuctionUpdated]: (payload: AuctionPayload) => void;
  [SocketEvents.AuctionEnded]: (payload: AuctionPayload) => void;
  [SocketEvents.AuctionBought]: (payload: AuctionBoughtPayload) => void;
  /** To everyone: a new auction was published. */
  [SocketEvents.NewAuction]: (auction: Auction) => void;
  [SocketEvents.Outbid]: (payload: OutbidPayload) => void;
  /** To the receiver's `user:<id>` room, under both spellings. */
  [SocketEvents.NewMessage]: (message: ChatMessage) => void;
  [SocketEvents.NewMessageAlt]: (message: ChatMessage) => void;
  /** To the sender's `user:<id>` room: these messages were read. */
  [SocketEvents.MessageRead]: (payload: MessageReadPayload) => void;
  /** To the seller's `user:<id>` room. */
  [SocketEvents.AuctionSold]: (payload: AuctionOutcomePayload) => void;
  /** To the winner's `user:<id>` room. */
  [SocketEvents.AuctionWon]: (payload: AuctionOutcomePayload) => void;
  /** To the seller's `user:<id>` room. */
  [SocketEvents.AuctionUnsold]: (payload: AuctionOutcomePayload) => void;
  /** To both parties' `user:<id>` rooms. */
  [SocketEvents.ConversationCreated]: (payload: ConversationCreatedPayload) => void;
  /** To both parties' `user:<id>` rooms. */
  [SocketEvents.DealConfirmed]: (payload: DealConfirmedPayload) => void;
  /** To the rated member's and the rater's `user:<id>` rooms. */
  [SocketEvents.Rated]: (payload: RatedPayload) => void;
  [SocketEvents.WatchCount]: (payload: WatchCountPayload) => void;
  /** To the member's own `user:<id>` room. */
  [SocketEvents.WatchlistChanged]: (payload: WatchlistChangedPayload) => void;
  /** To the member's own `user:<id>` room. */
  [SocketEvents.Notification]: (payload: NotificationPayload) => void;
  [SocketEvents.Error]: (payload: SocketErrorPayload) => void;
}

/**
 * `place_bid` from a signed-in socket: POST /api/auctions/{auctionId}/bid over the socket. The
 * idempotency key is that call's `Idempotency-Key` (the same memory: docs/realtime.md).
 */
export interface PlaceBidRequest {
  auctionId: string;
  /** JOD, at most 3 decimals, strictly above the current price. */
  amount: number;
  idempotencyKey?: string;
  /** `live`: the acknowledgement carries the live view instead of the whole auction (as HTTP `?view=live`). */
  view?: BidAnswerView;
}

/** `buy_now` from a signed-in socket: POST /api/auctions/{auctionId}/buy-now over the socket. */
export interface BuyNowRequest {
  auctionId: string;
  /** The buy-now price (JOD) the buyer was shown; refused with BUY_NOW_PRICE_CHANGED when it differs. */
  expectedPrice?: number;
  idempotencyKey?: string;
}

/** The acknowledgement of a socket bid: the HTTP call's answer body, or its error body (same status inside). */
export type SocketBidAck<T> = T | ApiErrorBody;

/** Every event the server listens to: the room requests (under both spellings) and the bids. */
export interface ClientToServerEvents {
  [SocketEvents.JoinAuction]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.JoinAuctionAlt]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.LeaveAuction]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.LeaveAuctionAlt]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  /** Answered only through the acknowledgement (an event sent without one is ignored). */
  [SocketEvents.PlaceBid]: (
    request: PlaceBidRequest,
    ack: (answer: SocketBidAck<PlaceBidLiveResult | PlaceBidResult>) => void,
  ) => void;
  [SocketEvents.BuyNow]: (request: BuyNowRequest, ack: (answer: SocketBidAck<BuyNowResult>) => void) => void;
}

/** Names of the events the server emits. */
export type ServerEventName = keyof ServerToClientEvents;
/** The payload of a server event (its listener's first argument). */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
