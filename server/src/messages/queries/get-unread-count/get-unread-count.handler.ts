import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CHAT_STATUS } from '../../chat-access';
import { GetUnreadCountQuery } from './get-unread-count.query';

/**
 * Counts through the partial index of unread messages. Only conversations that can still be
 * opened count (sold auctions), so the badge always equals the sum of the listed unread counts.
 */
@QueryHandler(GetUnreadCountQuery)
export class GetUnreadCountHandler implements IQueryHandler<GetUnreadCountQuery, number> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId }: GetUnreadCountQuery): Promise<number> {
    const [row]: { count: number }[] = await this.db.query(
      `SELECT count(*)::int AS count FROM messages m JOIN auctions a ON a.id = m.auction_id
        WHERE m.receiver_id = $1 AND NOT m.is_read AND a.status = $2`,
      [userId, CHAT_STATUS],
    );
    return row.count;
  }
}
