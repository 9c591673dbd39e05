import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { AuctionEntity } from '../entities/auction.entity';

/**
 * Bids carried by each auction object in lists (cards show the last bid, the bid modal the last
 * three); `bidCount` always gives the total, and the detail call carries more.
 */
export const BIDS_IN_LIST_VIEW = 10;

/** Loads auctions (with seller and winner) by id, in the order of `ids`. */
export async function loadAuctionsInOrder(db: DataSource, ids: string[]): Promise<AuctionEntity[]> {
  if (!ids.length) return [];
  const rows = await db.getRepository(AuctionEntity).find({
    where: { id: In(ids) },
    relations: { seller: true, winner: true },
  });
  const byId = new Map(rows.map((a) => [a.id, a]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
