import type { Auction, Bid, ChatMessage, MessageReadPayload, PartyRef } from './api';
import type { ErrorCode } from './errors';

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
  Error: 'error',
} as const;

export const auctionRoom = (auctionId: string) => `auction:${auctionId}`;
export const userRoom = (userId: string) => `user:${userId}`;

/** `new_bid` to `auction:<id>`: the auction after the bids, the latest bid, and every bid since the previous message. */
export interface NewBidPayload {
  auction: Auction;
  /** The latest bid of this message (the last of `bids`). */
  bid: Bid;
  /** Every bid committed since the previous `new_bid` of this auction, oldest first. */
  bids: Bid[];
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

/** `error` to the socket that sent a malformed room request. */
export interface SocketErrorPayload {
  message: string;
  code?: ErrorCode;
}

/** What a room request carries: the auction id itself or `{ auctionId }` (both forms are in use). */
export type AuctionRoomRequest = string | { auctionId: string };

/** Acknowledgement of a room request (when the client passes a callback). */
export type AuctionRoomAck = { ok: true; auctionId: string } | { ok: false };

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
  [SocketEvents.Error]: (payload: SocketErrorPayload) => void;
}

/** Every event the server listens to: the room requests, under both spellings. */
export interface ClientToServerEvents {
  [SocketEvents.JoinAuction]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.JoinAuctionAlt]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.LeaveAuction]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
  [SocketEvents.LeaveAuctionAlt]: (room: AuctionRoomRequest, ack?: (answer: AuctionRoomAck) => void) => void;
}

/** Names of the events the server emits. */
export type ServerEventName = keyof ServerToClientEvents;
/** The payload of a server event (its listener's first argument). */
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
