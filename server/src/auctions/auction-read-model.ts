import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Auction } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { BidEntity } from '../bids/entities/bid.entity';
import { AuctionEntity } from './entities/auction.entity';
import { toAuction, type WatchFacts } from './auction.presenter';

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

interface RawBid {
  id: string;
  auction_id: string;
  bidder_id: string;
  amount_fils: string | number;
  is_cancelled: boolean;
  is_automatic: boolean;
  created_at: Date | string;
  seq: string | number;
  bidder_name: string | null;
}

function bidFromRow(r: RawBid): BidEntity {
  return Object.assign(new BidEntity(), {
    id: r.id,
    seq: Number(r.seq),
    auctionId: r.auction_id,
    bidderId: r.bidder_id,
    amountFils: Number(r.amount_fils),
    isCancelled: r.is_cancelled,
    isAutomatic: r.is_automatic,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    bidder: r.bidder_name === null ? undefined : ({ name: r.bidder_name } as BidEntity['bidder']),
  });
}

/** An auction row of `SELECT a.*` (+ seller_name, seller_location, winner_name) as an entity. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a raw pg row: columns are checked by the SQL that selects them
function auctionFromRow(r: Record<string, any>): AuctionEntity {
  return Object.assign(new AuctionEntity(), {
    id: r.id,
    sellerId: r.seller_id,
    seller: r.seller_name == null ? undefined : { name: r.seller_name, location: r.seller_location },
    title: r.title,
    description: r.description,
    category: r.category,
    status: r.status,
    images: r.images ?? [],
    startingPriceFils: Number(r.starting_price_fils),
    currentPriceFils: Number(r.current_price_fils),
    buyNowPriceFils: r.buy_now_price_fils == null ? null : Number(r.buy_now_price_fils),
    auctionDuration: r.auction_duration,
    startTime: r.start_time,
    endTime: r.end_time,
    endedAt: r.ended_at,
    winnerId: r.winner_id,
    winner: r.winner_name == null ? null : { name: r.winner_name },
    bidCount: r.bid_count,
    hasBeenEdited: r.has_been_edited,
    isDealConfirmed: r.is_deal_confirmed,
    dealConfirmedAt: r.deal_confirmed_at,
    isRatedBySeller: r.is_rated_by_seller,
    viewCount: r.view_count,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  } as Partial<AuctionEntity>);
}

/**
 * The auctions read model: builds public auction objects (seller, winner, latest bids with
 * bidder names) for answers and broadcasts. Not to be confused with page views
 * (RecordAuctionViewCommand, `viewCount`).
 */
@Injectable()
export class AuctionReadModel {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One auction with its parties and latest bids in ONE round trip of plain SQL: this read
   * follows every committed bid batch, so it stays off the ORM's query-building path.
   */
  async findOne(id: string, bidsLimit = BIDS_IN_AUCTION_VIEW, viewerId?: string): Promise<Auction | null> {
    const [row] = await this.db.query(
      `SELECT a.*, s.name AS seller_name, s.location AS seller_location, w.name AS winner_name, now() AS server_time,
              (SELECT count(*)::int FROM auction_watches aw WHERE aw.auction_id = a.id) AS watch_count,
              (SELECT EXISTS (SELECT 1 FROM auction_watches aw WHERE aw.auction_id = a.id AND aw.user_id = $3)
                WHERE $3::uuid IS NOT NULL) AS watched_by_me,
              (SELECT coalesce(json_agg(x ORDER BY x.seq), '[]'::json) FROM (
                 SELECT b.id, b.seq, b.bidder_id, b.amount_fils, b.is_cancelled, b.is_automatic, b.created_at, u.name AS bidder_name
                   FROM bids b LEFT JOIN users u ON u.id = b.bidder_id
                  WHERE b.auction_id = a.id ORDER BY b.seq DESC LIMIT $2) x) AS latest_bids
         FROM auctions a
         LEFT JOIN users s ON s.id = a.seller_id
         LEFT JOIN users w ON w.id = a.winner_id
        WHERE a.id = $1`,
      [id, bidsLimit, viewerId ?? null],
    );
    if (!row) return null;
    const bids = (row.latest_bids as RawBid[]).map((b) =>
      bidFromRow({ ...b, auction_id: row.id, created_at: new Date(b.created_at) }),
    );
    const watch = { count: row.watch_count, mine: row.watched_by_me ?? undefined };
    return toAuction(auctionFromRow(row), bids, watch, row.server_time);
  }

  /**
   * Presents loaded auctions (with seller and winner relations): their latest bids and their
   * watchers in two more queries, run together. With `viewerId`, each says whether that member
   * watches it (`watchedByMe`).
   */
  async present(auctions: AuctionEntity[], bidsLimit = BIDS_IN_AUCTION_VIEW, viewerId?: string): Promise<Auction[]> {
    const now = new Date();
    const [bidsByAuction, watches] = await Promise.all([
      this.latestBids(auctions, bidsLimit),
      this.watchFacts(
        auctions.map((a) => a.id),
        viewerId,
      ),
    ]);
    return auctions.map((a) =>
      toAuction(
        a,
        bidsByAuction.get(a.id) ?? [],
        watches.get(a.id) ?? { count: 0, mine: viewerId ? false : undefined },
        now,
      ),
    );
  }

  /** Latest bids of each auction, oldest first, by auction id. */
  private async latestBids(auctions: AuctionEntity[], bidsLimit: number): Promise<Map<string, BidEntity[]>> {
    const withBids = auctions.filter((a) => a.bidCount > 0).map((a) => a.id);
    const bidsByAuction = new Map<string, BidEntity[]>();
    if (!withBids.length || bidsLimit <= 0) return bidsByAuction;
    // Latest bids of each auction through its (auction_id, seq) index: cost follows the
    // limit, not the auction's total bid count (a hot auction holds thousands).
    const rows: RawBid[] = await this.db.query(
      `SELECT b.id, b.auction_id, b.bidder_id, b.amount_fils, b.is_cancelled, b.is_automatic, b.created_at, b.seq, u.name AS bidder_name
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
      list.push(bidFromRow(r));
      bidsByAuction.set(r.auction_id, list);
    }
    return bidsByAuction;
  }

  /**
   * Watchers of each auction in ONE grouped count over the (auction_id, user_id) primary key
   * (an index-only scan, measured in docs/auctions.md "Watchlist"): no counter on `auctions`,
   * so a save never takes the row lock the bid path writes under.
   */
  private async watchFacts(ids: string[], viewerId?: string): Promise<Map<string, WatchFacts>> {
    if (!ids.length) return new Map();
    const rows: { auction_id: string; n: number; mine: boolean }[] = await this.db.query(
      `SELECT auction_id, count(*)::int AS n, coalesce(bool_or(user_id = $2), false) AS mine
         FROM auction_watches WHERE auction_id = ANY($1::uuid[]) GROUP BY auction_id`,
      [ids, viewerId ?? null],
    );
    return new Map(rows.map((r) => [r.auction_id, { count: r.n, mine: viewerId ? r.mine : undefined }]));
  }
}
