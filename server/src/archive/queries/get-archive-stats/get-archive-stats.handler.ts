import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { ArchiveStats, AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { assertArchiveReader } from '../../archive-rules';
import { GetArchiveStatsQuery } from './get-archive-stats.query';

/** One statement over two partial-index range scans (as seller, as winner). */
@QueryHandler(GetArchiveStatsQuery)
export class GetArchiveStatsHandler implements IQueryHandler<GetArchiveStatsQuery, ArchiveStats> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ viewer, userId }: GetArchiveStatsQuery): Promise<ArchiveStats> {
    assertArchiveReader(viewer, userId);
    const [row] = await this.db.query(
      `SELECT count(*) FILTER (WHERE status IN ($2, $3))::int AS total,
              count(*) FILTER (WHERE status = $2)::int AS sold,
              count(*) FILTER (WHERE status = $3)::int AS unsold,
              (SELECT count(*) FROM auctions WHERE winner_id = $1 AND archived_at IS NOT NULL AND status = $2)::int AS won
         FROM auctions WHERE seller_id = $1 AND archived_at IS NOT NULL`,
      [userId, AuctionStatus.Sold, AuctionStatus.Unsold],
    );
    return { totalArchived: row.total, soldArchived: row.sold, unsoldArchived: row.unsold, wonArchived: row.won };
  }
}
