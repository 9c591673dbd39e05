import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, OPEN_STATUSES, UserStats } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { GetUserStatsQuery } from './get-user-stats.query';

/**
 * One statement: the member's row (404 when missing), counters over their auctions as seller or
 * winner with FILTER (auctions_seller_idx, auctions_winner_idx), and the bids they placed
 * (bids_bidder_idx). Deleted auctions (and bids on them) never count, as in the profile lists.
 * Active means open (نشط).
 */
@QueryHandler(GetUserStatsQuery)
export class GetUserStatsHandler implements IQueryHandler<GetUserStatsQuery, UserStats> {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async execute({ userId }: GetUserStatsQuery): Promise<UserStats> {
    const [row]: (UserStats & { exists: boolean })[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1) AS exists,
              count(*) FILTER (WHERE a.seller_id = $1)::int AS "totalAuctions",
              count(*) FILTER (WHERE a.seller_id = $1 AND a.status = ANY($3))::int AS "activeAuctions",
              count(*) FILTER (WHERE a.seller_id = $1 AND a.status = $4)::int AS "soldAuctions",
              count(*) FILTER (WHERE a.seller_id = $1 AND a.status = $5)::int AS "unsoldAuctions",
              count(*) FILTER (WHERE a.winner_id = $1)::int AS "wonAuctions",
              (SELECT count(*)::int FROM bids b JOIN auctions x ON x.id = b.auction_id
                WHERE b.bidder_id = $1 AND x.status <> $2) AS "totalBids"
         FROM auctions a
        WHERE (a.seller_id = $1 OR a.winner_id = $1) AND a.status <> $2`,
      [userId, AuctionStatus.Deleted, OPEN_STATUSES, AuctionStatus.Sold, AuctionStatus.Unsold],
    );
    if (!row.exists) throw new AppException('USER_NOT_FOUND');
    const { exists: _exists, ...stats } = row;
    return stats;
  }
}
