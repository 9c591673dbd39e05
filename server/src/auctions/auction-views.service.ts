import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Auction } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { AuctionEntity } from './entities/auction.entity';
import { toAuction } from './auction.presenter';

/**
 * How many of the latest bids an auction object carries. `bidCount` always gives the total;
 * a hot auction can hold thousands of bids and every update would otherwise resend them all.
 */
export const BIDS_IN_AUCTION_VIEW = 100;

/**
 * Latest bids carried by live updates (bid answers, socket broadcasts): enough for the card's
 * last three and a scrolling history; the detail read (GET /api/auctions/{id}) carries more.
 */
export const BIDS_IN_LIVE_VIEW = 20;

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
      // Latest bids of each auction through its (auction_id, seq) index: cost follows the
      // limit, not the auction's total bid count (a hot auction holds thousands).
      const rows: { id: string; auction_id: string; bidder_id: string; amount_fils: string; is_cancelled: boolean; created_at: Date; seq: string; bidder_name: string | null }[] =
        await this.db.query(
          `SELECT b.id, b.auction_id, b.bidder_id, b.amount_fils, b.is_cancelled, b.created_at, b.seq, u.name AS bidder_name
             FROM unnest($1::uuid[]) AS a(id)
             CROSS JOIN LATERAL (
               SELECT * FROM bids x WHERE x.auction_id = a.id ORDER BY x.seq DESC LIMIT $2
             ) b
             LEFT JOIN users u ON u.id = b.bidder_id
            ORDER BY b.seq ASC`,
          [withBids, bidsLimit],
        );
      for (const r of rows) {
        const list = bidsByAuction.get(r.auction_id) ?? [];
        list.push({
          id: r.id,
          seq: Number(r.seq),
          auctionId: r.auction_id,
          bidderId: r.bidder_id,
          amountFils: Number(r.amount_fils),
          isCancelled: r.is_cancelled,
          createdAt: r.created_at,
          bidder: r.bidder_name === null ? undefined : ({ name: r.bidder_name } as BidEntity['bidder']),
        });
        bidsByAuction.set(r.auction_id, list);
      }
    }
    return auctions.map((a) => toAuction(a, bidsByAuction.get(a.id) ?? [], now));
  }
}
