import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, ChatParticipant, Conversation, filsToJod } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { CHAT_STATUS, UNKNOWN_USER } from '../../chat-access';
import { GetConversationsQuery } from './get-conversations.query';

interface ConversationRow {
  id: string;
  title: string;
  status: AuctionStatus;
  images: string[];
  current_price_fils: string;
  is_deal_confirmed: boolean;
  deal_confirmed_at: Date | null;
  is_rated_by_seller: boolean;
  seller_id: string;
  seller_name: string | null;
  seller_image: string | null;
  winner_id: string;
  winner_name: string | null;
  winner_image: string | null;
  last_content: string | null;
  last_created_at: Date | null;
  last_sender_id: string | null;
  unread_count: number;
}

/**
 * One statement: the caller's sold auctions (as seller through auctions_seller_idx, as winner
 * through auctions_winner_idx), each with its last message (a backward scan of
 * messages_auction_created_idx) and the caller's unread count (messages_receiver_unread_idx).
 * Sold auctions nobody has written about yet are listed too (lastMessage null), placed by the
 * time of the sale, so the winner and the seller can start the conversation from the list.
 */
@QueryHandler(GetConversationsQuery)
export class GetConversationsHandler implements IQueryHandler<GetConversationsQuery, Conversation[]> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId }: GetConversationsQuery): Promise<Conversation[]> {
    const rows: ConversationRow[] = await this.db.query(
      `SELECT a.id, a.title, a.status, a.images, a.current_price_fils, a.is_deal_confirmed, a.deal_confirmed_at,
              a.is_rated_by_seller, a.seller_id, s.name AS seller_name, s.profile_image AS seller_image,
              a.winner_id, w.name AS winner_name, w.profile_image AS winner_image,
              lm.content AS last_content, lm.created_at AS last_created_at, lm.sender_id AS last_sender_id,
              (SELECT count(*)::int FROM messages u
                WHERE u.receiver_id = $1 AND u.auction_id = a.id AND NOT u.is_read) AS unread_count
         FROM auctions a
         LEFT JOIN users s ON s.id = a.seller_id
         LEFT JOIN users w ON w.id = a.winner_id
         LEFT JOIN LATERAL (
           SELECT m.content, m.created_at, m.sender_id FROM messages m
            WHERE m.auction_id = a.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
         ) lm ON true
        WHERE (a.seller_id = $1 OR a.winner_id = $1) AND a.status = $2 AND a.winner_id IS NOT NULL
        ORDER BY COALESCE(lm.created_at, a.ended_at, a.updated_at) DESC, a.id DESC`,
      [userId, CHAT_STATUS],
    );
    return rows.map((row) => this.present(row, userId));
  }

  private present(r: ConversationRow, userId: string): Conversation {
    const seller: ChatParticipant = {
      _id: r.seller_id,
      id: r.seller_id,
      name: r.seller_name ?? UNKNOWN_USER,
      profileImage: r.seller_image,
      role: 'seller',
    };
    const winner: ChatParticipant = {
      _id: r.winner_id,
      id: r.winner_id,
      name: r.winner_name ?? UNKNOWN_USER,
      profileImage: r.winner_image,
      role: 'winner',
    };
    const ref = (p: ChatParticipant) => ({ _id: p._id, id: p.id, name: p.name });
    const images = r.images ?? [];
    return {
      _id: r.id,
      id: r.id,
      auction: {
        _id: r.id,
        id: r.id,
        title: r.title,
        status: r.status,
        images,
        imageUrl: images[0] ?? null,
        currentPrice: filsToJod(Number(r.current_price_fils)),
        isDealConfirmed: r.is_deal_confirmed,
        dealConfirmedAt: r.deal_confirmed_at?.toISOString() ?? null,
        isRatedBySeller: r.is_rated_by_seller,
        seller: ref(seller),
        winner: ref(winner),
      },
      participants: [seller, winner],
      otherParticipant: userId === seller._id ? winner : seller,
      lastMessage:
        r.last_created_at && r.last_sender_id
          ? {
              content: r.last_content ?? '',
              createdAt: r.last_created_at.toISOString(),
              sender: ref(r.last_sender_id === seller._id ? seller : winner),
            }
          : null,
      unreadCount: r.unread_count,
    };
  }
}
