import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, DailyStat } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { GetDailyStatsQuery } from './get-daily-stats.query';
import { filsSumToJod } from '../../../common/money/fils-sum';

/** The days are Amman's: the console shows Amman time, and a sale at 01:00 in Amman belongs to that day, not the UTC one. */
export const STATS_TIME_ZONE = 'Asia/Amman';

/**
 * One statement: the calendar of days from generate_series, left-joined to three grouped
 * counts. Same rules as the totals of GET /api/admin/stats: deleted auctions (and their bids)
 * are left out; bids count on the day they were placed (those a buy-now later cancelled
 * included); a sale counts on the day the auction ended, its revenue is the final price.
 */
@QueryHandler(GetDailyStatsQuery)
export class GetDailyStatsHandler implements IQueryHandler<GetDailyStatsQuery, DailyStat[]> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ days }: GetDailyStatsQuery): Promise<DailyStat[]> {
    const rows: { day: string; new_auctions: string; bids: string; sales: string; revenue_fils: string }[] =
      await this.db.query(
        `WITH bounds AS (
         SELECT (now() AT TIME ZONE $1)::date AS last_day,
                (now() AT TIME ZONE $1)::date - ($2::int - 1) AS first_day
       ),
       since AS (SELECT (first_day::timestamp AT TIME ZONE $1) AS t FROM bounds),
       calendar AS (
         SELECT d::date AS day FROM bounds, generate_series(first_day, last_day, interval '1 day') AS d
       ),
       created AS (
         SELECT (a.created_at AT TIME ZONE $1)::date AS day, count(*) AS n
           FROM auctions a, since WHERE a.created_at >= since.t AND a.status <> $3 GROUP BY 1
       ),
       placed AS (
         SELECT (b.created_at AT TIME ZONE $1)::date AS day, count(*) AS n
           FROM bids b JOIN auctions a ON a.id = b.auction_id, since
          WHERE b.created_at >= since.t AND a.status <> $3 GROUP BY 1
       ),
       sold AS (
         SELECT (a.ended_at AT TIME ZONE $1)::date AS day, count(*) AS n, sum(a.current_price_fils) AS fils
           FROM auctions a, since WHERE a.status = $4 AND a.ended_at >= since.t GROUP BY 1
       )
       SELECT to_char(c.day, 'YYYY-MM-DD') AS day,
              COALESCE(created.n, 0) AS new_auctions,
              COALESCE(placed.n, 0) AS bids,
              COALESCE(sold.n, 0) AS sales,
              COALESCE(sold.fils, 0) AS revenue_fils
         FROM calendar c
         LEFT JOIN created ON created.day = c.day
         LEFT JOIN placed ON placed.day = c.day
         LEFT JOIN sold ON sold.day = c.day
        ORDER BY c.day`,
        [STATS_TIME_ZONE, days, AuctionStatus.Deleted, AuctionStatus.Sold],
      );
    return rows.map((row) => ({
      date: row.day,
      newAuctions: Number(row.new_auctions),
      bids: Number(row.bids),
      sales: Number(row.sales),
      revenue: filsSumToJod(row.revenue_fils),
    }));
  }
}
