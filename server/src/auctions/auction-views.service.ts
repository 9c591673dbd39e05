import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Auction } from '@mazad/contracts';
import { DataSource, In } from 'typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { AuctionEntity } from './entities/auction.entity';
import { toAuction } from './auction.presenter';

/**
 * How many of the latest bids an auction object carries. `bidCount` always gives the total;
 * a hot auction can hold thousands of bids and every update would otherwise resend them all.
 */
export const BIDS_IN_AUCTION_VIEW = 100;

/** Read side: builds public auction objects (seller, winner, latest bids with bidder names). */
@Injectable()
export class AuctionViewsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findOne(id: string, bidsLimit = BIDS_IN_AUCTION_VIEW): Promise<Auction | null> {
    const auction = await this.db.getRepository(AuctionEntity).findOne({
      where: { id },
      relations: { seller: true, winner: true },
    });
    if (!auction) return null;
    const [view] = await this.present([auction], bidsLimit);
    return view;
  }

  /** Presents loaded auctions (with seller and winner relations) in one extra query for bids. */
  async present(auctions: AuctionEntity[], bidsLimit = BIDS_IN_AUCTION_VIEW): Promise<Auction[]> {
    const now = new Date();
    const withBids = auctions.filter((a) => a.bidCount > 0).map((a) => a.id);
    const bidsByAuction = new Map<string, BidEntity[]>();
    if (withBids.length && bidsLimit > 0) {
      const rows: BidEntity[] = await this.db
        .getRepository(BidEntity)
        .createQueryBuilder('b')
        .leftJoinAndSelect('b.bidder', 'bidder')
        .where({ auctionId: In(withBids) })
        .andWhere(
          `b.seq IN (SELECT x.seq FROM bids x WHERE x.auction_id = b.auction_id ORDER BY x.seq DESC LIMIT :limit)`,
          { limit: bidsLimit },
        )
        .orderBy('b.seq', 'ASC')
        .getMany();
      for (const bid of rows) {
        const list = bidsByAuction.get(bid.auctionId) ?? [];
        list.push(bid);
        bidsByAuction.set(bid.auctionId, list);
      }
    }
    return auctions.map((a) => toAuction(a, bidsByAuction.get(a.id) ?? [], now));
  }
}
