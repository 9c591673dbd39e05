import { Command } from '@nestjs/cqrs';
import type { ChatMessage } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/**
 * A party opens (or polls) the conversation of an auction: answers every message, oldest first,
 * after marking the caller's incoming ones read. A command because reading has that effect.
 */
export class OpenConversationCommand extends Command<ChatMessage[]> {
  constructor(
    readonly reader: AuthUser,
    readonly auctionId: string,
  ) {
    super();
  }
}
