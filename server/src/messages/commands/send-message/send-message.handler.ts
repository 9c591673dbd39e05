import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatMessage } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { MemberBlocksService } from '../../../blocks';
import { AppException } from '../../../common/errors/app.exception';
import { assertChatParty, loadChatAuction, partyNames } from '../../chat-access';
import { MessageSentEvent } from '../../events/message-sent.event';
import { MESSAGE_COLUMNS, MessageRow, toChatMessage } from '../../message.presenter';
import { SendMessageCommand } from './send-message.command';

/**
 * Rules, in order: non-empty text (400 MESSAGE_EMPTY; length is checked by the DTO), the auction
 * exists (404), the sender is its seller or winner and it is sold (403 CONVERSATION_FORBIDDEN),
 * the receiver is the other party (400 MESSAGE_RECEIVER_INVALID), neither blocked the other
 * (403 CHAT_BLOCKED, R-BLOCK: both ways, the thread stays readable). Then one INSERT, and the
 * receiver is told over the socket.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand, ChatMessage> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
    private readonly blocks: MemberBlocksService,
  ) {}

  async execute({ sender, auctionId, receiverId, content }: SendMessageCommand): Promise<ChatMessage> {
    if (content.trim() === '') throw new AppException('MESSAGE_EMPTY');
    const auction = await loadChatAuction(this.db, auctionId);
    const other = assertChatParty(auction, sender.id);
    if (receiverId !== other.id) throw new AppException('MESSAGE_RECEIVER_INVALID');
    if (await this.blocks.eitherBlocked(sender.id, receiverId)) throw new AppException('CHAT_BLOCKED');
    const [row]: MessageRow[] = await this.db.query(
      `INSERT INTO messages (auction_id, sender_id, receiver_id, content) VALUES ($1, $2, $3, $4) RETURNING ${MESSAGE_COLUMNS}`,
      [auctionId, sender.id, receiverId, content],
    );
    const message = toChatMessage(row, partyNames(auction));
    this.events.publish(new MessageSentEvent(message));
    return message;
  }
}
