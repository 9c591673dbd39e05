import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, filsToJod, UserBidAuction } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionReadModel } from '../../auction-read-model';
import { BIDS_IN_LIST_VIEW, loadAuctionsInOrder } from '../list-views';
import { GetUserBidAuctionsQuery } from './get-user-bid-auctions.query';

interface BidSummary {
  auction_id: string;
  highest_fils: string;
  bid_count: number;
}

/**
 * One aggregate over the member's bids (index bids_bidder_idx), then the auctions and their
 * latest bids. Every bid the member placed counts, including ones cancelled by a buy-now.
 */
@QueryHandler(GetUserBidAuctionsQuery)
export class GetUserBidAuctionsHandler implements IQueryHandler<GetUserBidAuctionsQuery, UserBidAuction[]> {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly readModel: AuctionReadModel,
  ) {}

  async execute({ userId }: GetUserBidAuctionsQuery): Promise<UserBidAuction[]> {
    const summaries: BidSummary[] = await this.db.query(
      `SELECT b.auction_id, max(b.amount_fils) AS highest_fils, count(*)::int AS bid_count
       FROM bids b JOIN auctions a ON a.id = b.auction_id
       WHERE b.bidder_id = $1 AND a.status <> $2
       GROUP BY b.auction_id
       ORDER BY max(b.seq) DESC`,
      [userId, AuctionStatus.Deleted],
    );
    const auctions = await loadAuctionsInOrder(
      this.db,
      summaries.map((s) => s.auction_id),
    );
    const views = await this.readModel.present(auctions, BIDS_IN_LIST_VIEW);
    const byId = new Map(summaries.map((s) => [s.auction_id, s]));
    return views.map((auction) => {
      const summary = byId.get(auction._id)!;
      return { ...auction, highestBid: filsToJod(Number(summary.highest_fils)), userBidCount: summary.bid_count };
    });
  }
}
