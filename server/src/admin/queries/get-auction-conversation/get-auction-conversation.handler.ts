import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ChatMessage } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { GetAuctionConversationQuery } from './get-auction-conversation.query';

interface Row {
  id: string;
  content: string;
  sender_id: string;
  sender_name: string;
  receiver_id: string;
  receiver_name: string;
  is_read: boolean;
  read_at: Date | null;
  created_at: Date;
  auction_id: string;
}

/** Read side: straight SQL over messages and users, deleted auctions included (an operator may need them). */
@QueryHandler(GetAuctionConversationQuery)
export class GetAuctionConversationHandler implements IQueryHandler<GetAuctionConversationQuery, ChatMessage[]> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ auctionId }: GetAuctionConversationQuery): Promise<ChatMessage[]> {
    const [auction] = await this.db.query(`SELECT id FROM auctions WHERE id = $1`, [auctionId]);
    if (!auction) throw new AppException('AUCTION_NOT_FOUND');
    const rows: Row[] = await this.db.query(
      `SELECT m.id, m.content, m.sender_id, s.name AS sender_name, m.receiver_id, r.name AS receiver_name,
              m.is_read, m.read_at, m.created_at, m.auction_id
         FROM messages m
         JOIN users s ON s.id = m.sender_id
         JOIN users r ON r.id = m.receiver_id
        WHERE m.auction_id = $1
        ORDER BY m.created_at, m.id`,
      [auctionId],
    );
    return rows.map((row) => ({
      _id: row.id,
      id: row.id,
      content: row.content,
      sender: { _id: row.sender_id, id: row.sender_id, name: row.sender_name },
      receiver: { _id: row.receiver_id, id: row.receiver_id, name: row.receiver_name },
      createdAt: new Date(row.created_at).toISOString(),
      isRead: row.is_read,
      readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
      auction: row.auction_id,
      auctionId: row.auction_id,
    }));
  }
}
