import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WatchingResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { GetWatchingQuery } from './get-watching.query';

/**
 * The asked auctions the member watches, in the order asked: one probe of the primary key
 * `(auction_id, user_id)` per id (index-only, at most 100 ids), whatever the auctions' state —
 * the toggle on a card says what the member's row says.
 */
@QueryHandler(GetWatchingQuery)
export class GetWatchingHandler implements IQueryHandler<GetWatchingQuery, WatchingResult> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId, auctionIds }: GetWatchingQuery): Promise<WatchingResult> {
    if (auctionIds.length === 0) return { success: true, auctionIds: [] };
    const rows: { auction_id: string }[] = await this.db.query(
      `SELECT auction_id FROM auction_watches WHERE user_id = $1 AND auction_id = ANY($2::uuid[])`,
      [userId, auctionIds],
    );
    const watched = new Set(rows.map((r) => r.auction_id));
    return { success: true, auctionIds: auctionIds.filter((id) => watched.has(id)) };
  }
}
