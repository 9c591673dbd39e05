import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, OPEN_STATUSES, SiteStats } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { GetSiteStatsQuery } from './get-site-stats.query';

/**
 * One pass over the live auctions (archived ones left the site: docs/after-sale.md) with FILTER
 * clauses; bids are counted through the bid_count column.
 */
@QueryHandler(GetSiteStatsQuery)
export class GetSiteStatsHandler implements IQueryHandler<GetSiteStatsQuery, SiteStats> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute(): Promise<SiteStats> {
    const [row] = await this.db.query(
      `SELECT count(*) FILTER (WHERE status <> $1) AS total,
              count(*) FILTER (WHERE status = ANY($2::text[])) AS active,
              count(*) FILTER (WHERE status = $3) AS sold,
              COALESCE(sum(bid_count) FILTER (WHERE status <> $1), 0) AS bids
       FROM auctions
       WHERE archived_at IS NULL`,
      [AuctionStatus.Deleted, OPEN_STATUSES, AuctionStatus.Sold],
    );
    return {
      totalAuctions: Number(row.total),
      activeAuctions: Number(row.active),
      soldAuctions: Number(row.sold),
      totalBids: Number(row.bids),
    };
  }
}
