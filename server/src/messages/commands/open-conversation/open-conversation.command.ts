import { Command } from '@nestjs/cqrs';
import type { ChatMessage } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** Which page of a thread: the newest `limit`, the `limit` before a message, or those after one. */
export interface ConversationPage {
  limit: number;
  before?: string;
  after?: string;
}

export interface ConversationPageResult {
  /** Oldest first within the page. */
  messages: ChatMessage[];
  hasMore: boolean;
  nextCursor: string | null;
  latestCursor: string | null;
}

/**
 * A party opens (or polls) the conversation of an auction: answers one page of messages after
 * marking the caller's incoming ones read. A command because reading has that effect.
 */
export class OpenConversationCommand extends Command<ConversationPageResult> {
  constructor(
    readonly reader: AuthUser,
    readonly auctionId: string,
    readonly page: ConversationPage,
  ) {
    super();
  }
}
