import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { runSql } from '../../../infrastructure/database/run-sql';
import { assertChatParty, loadChatAuction, partyNames } from '../../chat-access';
import { MessagesReadEvent } from '../../events/messages-read.event';
import { MESSAGE_COLUMNS, MessageRow, toChatMessage } from '../../message.presenter';
import { AppException } from '../../../common/errors/app.exception';
import { ConversationPage, ConversationPageResult, OpenConversationCommand } from './open-conversation.command';

/**
 * 404 for a missing auction, 403 CONVERSATION_FORBIDDEN for anyone but the two parties of a sold
 * auction. Marks the caller's unread incoming messages read in one UPDATE … RETURNING (a poll
 * with nothing new touches no row), tells their sender with `message_read`, then reads one page
 * of the thread by keyset on (created_at, id): the newest `limit`, older than `before`, or newer
 * than `after` (a poll answers only what is new). A cursor that is not a message of this
 * auction is 400 VALIDATION_ERROR.
 */
@CommandHandler(OpenConversationCommand)
export class OpenConversationHandler implements ICommandHandler<OpenConversationCommand, ConversationPageResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventBus,
  ) {}

  async execute({ reader, auctionId, page }: OpenConversationCommand): Promise<ConversationPageResult> {
    if (page.before && page.after) throw new AppException('VALIDATION_ERROR');
    const auction = await loadChatAuction(this.db, auctionId);
    const other = assertChatParty(auction, reader.id);
    const { rows: marked } = await runSql<{ id: string; read_at: Date }>(
      this.db,
      `UPDATE messages SET is_read = true, read_at = now()
        WHERE auction_id = $1 AND receiver_id = $2 AND NOT is_read
        RETURNING id, read_at`,
      [auctionId, reader.id],
    );
    const { rows, hasMore } = await this.readPage(auctionId, page);
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
    const messages = rows.map((row) => toChatMessage(row, names));
    const newest = messages.length ? messages[messages.length - 1].id : (page.after ?? null);
    const towardsOlder = !page.after;
    return {
      messages,
      hasMore,
      nextCursor: towardsOlder ? (hasMore && messages.length ? messages[0].id : null) : null,
      latestCursor: newest,
    };
  }

  /** Rows oldest first; one extra row is read to know whether more remain. */
  private async readPage(auctionId: string, page: ConversationPage): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const cursorId = page.after ?? page.before;
    const params: unknown[] = [auctionId, page.limit + 1];
    let where = 'auction_id = $1';
    if (cursorId) {
      const [cursor] = await this.db.query(`SELECT 1 FROM messages WHERE id = $1 AND auction_id = $2`, [
        cursorId,
        auctionId,
      ]);
      if (!cursor) throw new AppException('VALIDATION_ERROR');
      params.push(cursorId);
      // Compared in SQL: created_at has microseconds, a JS Date only milliseconds.
      const at = '(SELECT created_at, id FROM messages WHERE id = $3)';
      where += page.after ? ` AND (created_at, id) > ${at}` : ` AND (created_at, id) < ${at}`;
    }
    const order = page.after ? 'ASC' : 'DESC';
    const rows: MessageRow[] = await this.db.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE ${where} ORDER BY created_at ${order}, id ${order} LIMIT $2`,
      params,
    );
    const hasMore = rows.length > page.limit;
    const kept = rows.slice(0, page.limit);
    return { rows: page.after ? kept : kept.reverse(), hasMore };
  }
}
