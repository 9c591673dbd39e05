import { AuctionStatus } from '@mazad/contracts';
import type { DataSource } from 'typeorm';
import { AppException } from '../common/errors/app.exception';

/** The status in which an auction has a conversation: sold, with a winner. */
export const CHAT_STATUS = AuctionStatus.Sold;

/** What the chat rules need to know about an auction and its two parties. */
export interface ChatAuction {
  id: string;
  title: string;
  status: string;
  sellerId: string;
  sellerName: string;
  winnerId: string | null;
  winnerName: string | null;
}

/** Name shown when a party's account no longer exists. */
export const UNKNOWN_USER = 'مستخدم';

/** Loads the auction and its parties; 404 when it does not exist or was deleted by an admin. */
export async function loadChatAuction(db: DataSource, auctionId: string): Promise<ChatAuction> {
  const [row]: ChatAuction[] = await db.query(
    `SELECT a.id, a.title, a.status, a.seller_id AS "sellerId", s.name AS "sellerName",
            a.winner_id AS "winnerId", w.name AS "winnerName"
       FROM auctions a
       LEFT JOIN users s ON s.id = a.seller_id
       LEFT JOIN users w ON w.id = a.winner_id
      WHERE a.id = $1`,
    [auctionId],
  );
  if (!row || row.status === AuctionStatus.Deleted) throw new AppException('AUCTION_NOT_FOUND');
  return {
    ...row,
    sellerName: row.sellerName ?? UNKNOWN_USER,
    winnerName: row.winnerId ? (row.winnerName ?? UNKNOWN_USER) : null,
  };
}

/**
 * Only the seller and the winner of a sold auction may read or write its conversation
 * (403 CONVERSATION_FORBIDDEN for anyone else, and for every auction that is not sold).
 * Returns the other party.
 */
export function assertChatParty(auction: ChatAuction, userId: string): { id: string; name: string } {
  if (auction.status !== CHAT_STATUS || !auction.winnerId) throw new AppException('CONVERSATION_FORBIDDEN');
  if (userId === auction.sellerId) return { id: auction.winnerId, name: auction.winnerName ?? UNKNOWN_USER };
  if (userId === auction.winnerId) return { id: auction.sellerId, name: auction.sellerName };
  throw new AppException('CONVERSATION_FORBIDDEN');
}

/** Names of the two parties by id (messages only ever involve these two). */
export function partyNames(auction: ChatAuction): Map<string, string> {
  const names = new Map([[auction.sellerId, auction.sellerName]]);
  if (auction.winnerId) names.set(auction.winnerId, auction.winnerName ?? UNKNOWN_USER);
  return names;
}
