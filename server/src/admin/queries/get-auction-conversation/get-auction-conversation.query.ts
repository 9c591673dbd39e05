import { Query } from '@nestjs/cqrs';
import type { ChatMessage } from '@mazad/contracts';

/**
 * The chat of an auction as an operator reads it for moderation: every message, oldest first,
 * without marking anything read (the parties' unread counters stay theirs).
 */
export class GetAuctionConversationQuery extends Query<ChatMessage[]> {
  constructor(readonly auctionId: string) {
    super();
  }
}
