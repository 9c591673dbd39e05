import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ArchivedAuction, ArchivedMessage, ArchivedRating, filsToJod, PartyRef, RatingRole } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionEntity } from '../auctions/entities/auction.entity';

/** Name shown when a party's account no longer exists. */
const UNKNOWN_USER = 'مستخدم';

const party = (id: string, name: string | null | undefined): PartyRef => ({ _id: id, id, name: name ?? UNKNOWN_USER });

interface MessageRow {
  id: string;
  auction_id: string;
  sender_id: string;
  sender_name: string | null;
  receiver_id: string;
  receiver_name: string | null;
  content: string;
  created_at: Date;
}

interface RatingRow {
  id: string;
  auction_id: string;
  rater_id: string;
  rater_name: string | null;
  rated_user_id: string;
  rated_name: string | null;
  role: RatingRole;
  stars: number;
  comment: string | null;
  created_at: Date;
}

/**
 * Read side of the archive: archived auctions (loaded with seller and winner) with their whole
 * conversation and their ratings, in two extra queries whatever the number of auctions.
 */
@Injectable()
export class ArchiveViewsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async present(auctions: AuctionEntity[]): Promise<ArchivedAuction[]> {
    if (!auctions.length) return [];
    const ids = auctions.map((a) => a.id);
    const [messages, ratings]: [MessageRow[], RatingRow[]] = await Promise.all([
      this.db.query(
        `SELECT m.id, m.auction_id, m.sender_id, s.name AS sender_name, m.receiver_id, r.name AS receiver_name,
                m.content, m.created_at
           FROM messages m
           LEFT JOIN users s ON s.id = m.sender_id
           LEFT JOIN users r ON r.id = m.receiver_id
          WHERE m.auction_id = ANY($1::uuid[])
          ORDER BY m.auction_id, m.created_at, m.id`,
        [ids],
      ),
      this.db.query(
        `SELECT g.id, g.auction_id, g.rater_id, f.name AS rater_name, g.rated_user_id, t.name AS rated_name,
                g.role, g.stars, g.comment, g.created_at
           FROM ratings g
           LEFT JOIN users f ON f.id = g.rater_id
           LEFT JOIN users t ON t.id = g.rated_user_id
          WHERE g.auction_id = ANY($1::uuid[])
          ORDER BY g.auction_id, g.created_at, g.id`,
        [ids],
      ),
    ]);
    const messagesByAuction = groupBy(messages, (m) => m.auction_id, toArchivedMessage);
    const ratingsByAuction = groupBy(ratings, (r) => r.auction_id, toArchivedRating);
    return auctions.map((a) =>
      toArchivedAuction(a, messagesByAuction.get(a.id) ?? [], ratingsByAuction.get(a.id) ?? []),
    );
  }
}

function groupBy<R, T>(rows: R[], key: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(map(row));
    groups.set(key(row), list);
  }
  return groups;
}

function toArchivedMessage(m: MessageRow): ArchivedMessage {
  return {
    _id: m.id,
    id: m.id,
    sender: party(m.sender_id, m.sender_name),
    receiver: party(m.receiver_id, m.receiver_name),
    content: m.content,
    timestamp: m.created_at.toISOString(),
  };
}

function toArchivedRating(r: RatingRow): ArchivedRating {
  return {
    _id: r.id,
    id: r.id,
    from: party(r.rater_id, r.rater_name),
    to: party(r.rated_user_id, r.rated_name),
    role: r.role,
    stars: Number(r.stars),
    comment: r.comment,
    createdAt: r.created_at.toISOString(),
  };
}

/** The archive's view of an auction: final price, bid count, views, the conversation, the ratings. */
export function toArchivedAuction(
  a: AuctionEntity,
  messages: ArchivedMessage[],
  ratings: ArchivedRating[],
): ArchivedAuction {
  return {
    _id: a.id,
    id: a.id,
    auctionId: a.id,
    title: a.title,
    description: a.description,
    status: a.status,
    category: a.category,
    images: a.images ?? [],
    startingPrice: filsToJod(a.startingPriceFils),
    finalPrice: filsToJod(a.currentPriceFils),
    totalBids: a.bidCount,
    viewCount: a.viewCount,
    endedAt: a.endedAt?.toISOString() ?? null,
    archivedAt: a.archivedAt!.toISOString(),
    createdAt: a.createdAt.toISOString(),
    seller: party(a.sellerId, a.seller?.name),
    winner: a.winnerId ? party(a.winnerId, a.winner?.name) : null,
    messages,
    messageCount: messages.length,
    ratings,
    isDealConfirmed: a.isDealConfirmed,
    dealConfirmedAt: a.dealConfirmedAt?.toISOString() ?? null,
  };
}
