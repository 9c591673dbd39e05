import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, type WatchlistResult } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel, BIDS_IN_LIST_VIEW, loadAuctionsInOrder } from '../../../auctions';
import { GetWatchlistQuery } from './get-watchlist.query';

/**
 * The watched auctions that are still live (not removed by an operator, not archived: those
 * left every live list, docs/after-sale.md), through the (user_id, created_at) index, then the
 * auctions in the list shape, each with `watchedByMe`.
 */
@QueryHandler(GetWatchlistQuery)
export class GetWatchlistHandler implements IQueryHandler<GetWatchlistQuery, WatchlistResult> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ userId, page, limit }: GetWatchlistQuery): Promise<WatchlistResult> {
    const live = `FROM auction_watches w JOIN auctions a ON a.id = w.auction_id
                   WHERE w.user_id = $1 AND a.status <> $2 AND a.archived_at IS NULL`;
    const [[{ total }], rows] = await Promise.all([
      this.db.query(`SELECT count(*)::int AS total ${live}`, [userId, AuctionStatus.Deleted]),
      this.db.query(`SELECT w.auction_id ${live} ORDER BY w.created_at DESC, w.auction_id DESC LIMIT $3 OFFSET $4`, [
        userId,
        AuctionStatus.Deleted,
        limit,
        (page - 1) * limit,
      ]) as Promise<{ auction_id: string }[]>,
    ]);
    const auctions = await loadAuctionsInOrder(
      this.db,
      rows.map((r) => r.auction_id),
    );
    const totalPages = Math.ceil(total / limit);
    return {
      success: true,
      auctions: await this.readModel.present(auctions, BIDS_IN_LIST_VIEW, userId),
      pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
      serverTime: new Date().toISOString(),
    };
  }
}
