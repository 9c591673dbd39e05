import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatMessage } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { runSql } from '../../../infrastructure/database/run-sql';
import { assertChatParty, loadChatAuction, partyNames } from '../../chat-access';
import { MessagesReadEvent } from '../../events/messages-read.event';
import { MESSAGE_COLUMNS, MessageRow, toChatMessage } from '../../message.presenter';
import { OpenConversationCommand } from './open-conversation.command';

/**
 * 404 for a missing auction, 403 CONVERSATION_FORBIDDEN for anyone but the two parties of a sold
 * auction. Marks the caller's unread incoming messages read in one UPDATE … RETURNING (a poll
 * with nothing new touches no row), tells their sender with `message_read`, then reads the thread.
 */
@CommandHandler(OpenConversationCommand)
export class OpenConversationHandler implements ICommandHandler<OpenConversationCommand, ChatMessage[]> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  async execute({ reader, auctionId }: OpenConversationCommand): Promise<ChatMessage[]> {
    const auction = await loadChatAuction(this.db, auctionId);
    const other = assertChatParty(auction, reader.id);
    const { rows: marked } = await runSql<{ id: string; read_at: Date }>(
      this.db,
      `UPDATE messages SET is_read = true, read_at = now()
        WHERE auction_id = $1 AND receiver_id = $2 AND NOT is_read
        RETURNING id, read_at`,
      [auctionId, reader.id],
    );
    const rows: MessageRow[] = await this.db.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE auction_id = $1 ORDER BY created_at, id`,
      [auctionId],
    );
    if (marked.length) {
      // Every incoming message of a conversation comes from the one other party.
      this.events.publish(
        new MessagesReadEvent(
          auctionId,
          reader.id,
          other.id,
          marked.map((m) => m.id),
          marked[0].read_at,
        ),
      );
    }
    const names = partyNames(auction);
    return rows.map((row) => toChatMessage(row, names));
  }
}
