/** Chat between the seller and the winner of a sold auction. */
import type { AuctionStatus } from '../auction-status';
import type { PartyRef } from './common';

/** A chat participant as the conversation list shows them. */
export interface ChatParticipant {
  _id: string;
  id: string;
  name: string;
  profileImage: string | null;
  /** Which side of the sale this member is on. */
  role: 'seller' | 'winner';
}

/** One chat message. Content is plain text (render it as text, never as HTML). */
export interface ChatMessage {
  _id: string;
  id: string;
  content: string;
  sender: PartyRef;
  receiver: PartyRef;
  createdAt: string;
  isRead: boolean;
  readAt: string | null;
  /** The auction id (the conversation). */
  auction: string;
  auctionId: string;
}

/** POST /api/messages. `content` is trimmed; 1–2000 characters. */
export interface SendMessageRequest {
  auctionId: string;
  receiverId: string;
  content: string;
}

/** Answer of POST /api/messages (201). `message` is the stored message object. */
export interface SendMessageResult {
  success: true;
  message: ChatMessage;
}

/**
 * One page of GET /api/messages/auction/{id}: pages run from the newest message backwards
 * (`?before=<nextCursor>` for older ones); `?after=<latestCursor>` answers only newer messages
 * (for polling). Each page lists its messages oldest first, as the whole thread used to be.
 */
export interface ConversationMessagesResult {
  success: true;
  messages: ChatMessage[];
  /** More messages beyond this page (older ones; with `after`, newer ones). */
  hasMore: boolean;
  /** Pass as `before` for the previous (older) page; null when there is none. */
  nextCursor: string | null;
  /** Pass as `after` to poll for what is new (the newest message seen; null in an empty thread). */
  latestCursor: string | null;
}

/** Query of GET /api/messages/auction/{id}. */
export interface ConversationPageQuery {
  limit?: number;
  before?: string;
  after?: string;
}

export interface ConversationAuction {
  _id: string;
  id: string;
  title: string;
  status: AuctionStatus;
  images: string[];
  imageUrl: string | null;
  currentPrice: number;
  isDealConfirmed: boolean;
  dealConfirmedAt: string | null;
  isRatedBySeller: boolean;
  seller: PartyRef;
  winner: PartyRef;
}

export interface ConversationLastMessage {
  content: string;
  createdAt: string;
  sender: PartyRef;
}

/**
 * One conversation per sold auction the caller sold or won. `_id` is the auction id.
 * `lastMessage` is null until someone writes.
 */
export interface Conversation {
  _id: string;
  id: string;
  auction: ConversationAuction;
  /** The seller, then the winner. */
  participants: ChatParticipant[];
  otherParticipant: ChatParticipant;
  lastMessage: ConversationLastMessage | null;
  unreadCount: number;
}

/** GET /api/messages/conversations: latest activity first. */
export interface ConversationsResult {
  success: true;
  conversations: Conversation[];
}

/** GET /api/messages/unread-count: messages to the caller not read yet. */
export interface UnreadCountResult {
  success: true;
  count: number;
}

/** Socket `message_read` (to the sender's `user:<id>` room). */
export interface MessageReadPayload {
  auctionId: string;
  readerId: string;
  messageIds: string[];
  readAt: string;
}
