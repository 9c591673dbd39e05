import { Command } from '@nestjs/cqrs';
import type { ChatMessage } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** The seller or the winner of a sold auction writes to the other party (content already trimmed). */
export class SendMessageCommand extends Command<ChatMessage> {
  constructor(
    readonly sender: AuthUser,
    readonly auctionId: string,
    readonly receiverId: string,
    readonly content: string,
  ) {
    super();
  }
}
