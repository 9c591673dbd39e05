import type { ChatMessage } from '@mazad/contracts';
import { UNKNOWN_USER } from './chat-access';

/** A stored message row (snake_case columns as PostgreSQL returns them). */
export interface MessageRow {
  id: string;
  auction_id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
}

/** The public message object. Content is returned exactly as stored: plain text, never HTML. */
export function toChatMessage(m: MessageRow, names: Map<string, string>): ChatMessage {
  const party = (id: string) => ({ _id: id, id, name: names.get(id) ?? UNKNOWN_USER });
  return {
    _id: m.id,
    id: m.id,
    content: m.content,
    sender: party(m.sender_id),
    receiver: party(m.receiver_id),
    createdAt: m.created_at.toISOString(),
    isRead: m.is_read,
    readAt: m.read_at?.toISOString() ?? null,
    auction: m.auction_id,
    auctionId: m.auction_id,
  };
}

export const MESSAGE_COLUMNS = 'id, auction_id, sender_id, receiver_id, content, is_read, read_at, created_at';
