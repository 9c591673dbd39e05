import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AdminStats, AuctionStatus, OPEN_STATUSES } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { GetAdminStatsQuery } from './get-admin-stats.query';
import { filsSumToJod } from '../../../common/money/fils-sum';

/** One pass over auctions with FILTER clauses (bids through bid_count), one count of members. */
@QueryHandler(GetAdminStatsQuery)
export class GetAdminStatsHandler implements IQueryHandler<GetAdminStatsQuery, AdminStats> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute(): Promise<AdminStats> {
    const [row] = await this.db.query(
      `SELECT (SELECT count(*) FROM users WHERE deleted_at IS NULL) AS users,
              count(*) FILTER (WHERE status <> $1) AS total,
              count(*) FILTER (WHERE status = ANY($2::text[])) AS active,
              count(*) FILTER (WHERE status = $3) AS sold,
              COALESCE(sum(bid_count) FILTER (WHERE status <> $1), 0) AS bids,
              COALESCE(sum(current_price_fils) FILTER (WHERE status = $3), 0) AS revenue_fils
         FROM auctions`,
      [AuctionStatus.Deleted, OPEN_STATUSES, AuctionStatus.Sold],
    );
    return {
      totalUsers: Number(row.users),
      totalAuctions: Number(row.total),
      activeAuctions: Number(row.active),
      soldAuctions: Number(row.sold),
      totalBids: Number(row.bids),
      totalRevenue: filsSumToJod(row.revenue_fils),
    };
  }
}
