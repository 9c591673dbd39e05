import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, OPEN_STATUSES } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { antiSnipingEndSql } from './anti-sniping';

/** What the engine needs to judge bids, read with the database clock. */
export interface AuctionBidState {
  id: string;
  sellerId: string;
  status: AuctionStatus;
  currentPriceFils: number;
  buyNowPriceFils: number | null;
  endTime: Date;
  /** The database's `now()` when this state was read. */
  dbNow: Date;
  /** The current highest bidder (null without bids). */
  leaderId: string | null;
}

export interface WrittenBid {
  id: string;
  seq: number;
  bidderId: string;
  amountFils: number;
  createdAt: Date;
}

const OPEN = OPEN_STATUSES.map((s) => `'${s}'`).join(', ');

/** A bid as the database answers it (snake_case, numbers as strings). */
interface StoredBidRow {
  id: string;
  seq: number | string;
  bidder_id: string;
  amount_fils: number | string;
  created_at: string | Date;
}

const toWrittenBid = (b: StoredBidRow): WrittenBid => ({
  id: b.id,
  seq: Number(b.seq),
  bidderId: b.bidder_id,
  amountFils: Number(b.amount_fils),
  createdAt: new Date(b.created_at),
});

/** One bidder's idempotency key, as a map key (keys are per member, as in IdempotencyService). */
export const keyedBid = (bidderId: string, idempotencyKey: string) => `${bidderId} ${idempotencyKey}`;

/** The inputs of the bid write, each an SQL expression (bind parameters for the server). */
export interface WriteBidsInputs {
  auctionId: string;
  /** The price the batch was judged against: the write only happens if it is still current. */
  expectedPriceFils: string;
  /** The new price (the last accepted bid). */
  newPriceFils: string;
  /** How many bids the batch adds. */
  bidCount: string;
  /** BID_EXTENSION in seconds (anti-sniping). */
  extensionSeconds: string;
  /** uuid[] of the bidders, in order. */
  bidderIds: string;
  /** bigint[] of the amounts, in order. */
  amountsFils: string;
  /** text[] of the bids' idempotency keys, in order (null where none); omitted: no keys. */
  idempotencyKeys?: string;
}

const WRITE_BIDS_PARAMETERS: WriteBidsInputs = {
  auctionId: '$1',
  expectedPriceFils: '$2',
  newPriceFils: '$3',
  bidCount: '$4',
  extensionSeconds: '$5',
  bidderIds: '$6::uuid[]',
  amountsFils: '$7::bigint[]',
  idempotencyKeys: '$8::text[]',
};

/**
 * The single-writer statement of the bid path: stores a batch of accepted bids (in order) and
 * moves price, count and end time (the anti-sniping rule) in ONE statement, whose WHERE clause
 * re-checks what the database can see (open, not past its end by the database clock, price
 * unchanged since the batch was judged). Answers `end_time` (null when refused) and the bids.
 * Exported so the benchmark's single-writer ceiling (load-tests/lib/db-limit.mjs) measures this
 * very statement.
 */
export function writeBidsSql(inputs: WriteBidsInputs = WRITE_BIDS_PARAMETERS): string {
  const i = inputs;
  return `WITH upd AS (
         UPDATE auctions
            SET current_price_fils = ${i.newPriceFils},
                bid_count = bid_count + ${i.bidCount},
                end_time = ${antiSnipingEndSql(i.extensionSeconds)},
                updated_at = now()
          WHERE id = ${i.auctionId} AND current_price_fils = ${i.expectedPriceFils} AND status IN (${OPEN}) AND end_time > now()
          RETURNING end_time
       ), ins AS (
         INSERT INTO bids (auction_id, bidder_id, amount_fils, idempotency_key)
         SELECT ${i.auctionId}, b.bidder_id, b.amount_fils, ${i.idempotencyKeys ? 'b.idempotency_key' : 'NULL'}
           FROM unnest(${i.bidderIds}, ${i.amountsFils}${i.idempotencyKeys ? `, ${i.idempotencyKeys}` : ''})
                WITH ORDINALITY AS b(bidder_id, amount_fils${i.idempotencyKeys ? ', idempotency_key' : ''}, ord)
          WHERE EXISTS (SELECT 1 FROM upd)
          ORDER BY b.ord
         RETURNING id, seq, bidder_id, amount_fils, created_at
       )
       SELECT (SELECT end_time FROM upd) AS end_time,
              (SELECT coalesce(json_agg(ins ORDER BY ins.seq), '[]'::json) FROM ins) AS bids`;
}

const WRITE_BIDS_SQL = writeBidsSql();

/**
 * The bid path's SQL. Each write is ONE statement whose WHERE clause re-checks every rule the
 * database can see (open, not past its end by the database clock, price unchanged since we
 * judged the batch), so correctness never depends on the Redis lock still being held.
 */
@Injectable()
export class BidWriter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async loadState(auctionId: string): Promise<AuctionBidState | null> {
    const rows = await this.db.query(
      `SELECT a.id, a.seller_id, a.status, a.current_price_fils, a.buy_now_price_fils, a.end_time, now() AS db_now,
              (SELECT b.bidder_id FROM bids b WHERE b.auction_id = a.id AND NOT b.is_cancelled ORDER BY b.seq DESC LIMIT 1) AS leader_id
         FROM auctions a WHERE a.id = $1`,
      [auctionId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      sellerId: r.seller_id,
      status: r.status,
      currentPriceFils: Number(r.current_price_fils),
      buyNowPriceFils: r.buy_now_price_fils == null ? null : Number(r.buy_now_price_fils),
      endTime: r.end_time,
      dbNow: r.db_now,
      leaderId: r.leader_id,
    };
  }

  /**
   * Stores accepted bids (in order) and moves price, count and end time in one statement
   * (writeBidsSql).
   * Returns null when the auction changed since `expectedPriceFils` was read, closed, or its
   * end passed: the caller re-reads and re-judges.
   */
  async writeBids(
    auctionId: string,
    expectedPriceFils: number,
    bids: { bidderId: string; amountFils: number; idempotencyKey?: string }[],
  ): Promise<{ endTime: Date; bids: WrittenBid[] } | null> {
    const rows = await this.db.query(WRITE_BIDS_SQL, [
      auctionId,
      expectedPriceFils,
      bids[bids.length - 1].amountFils,
      bids.length,
      this.config.bidExtensionSeconds,
      bids.map((b) => b.bidderId),
      bids.map((b) => b.amountFils),
      bids.map((b) => b.idempotencyKey ?? null),
    ]);
    const r = rows[0];
    if (!r?.end_time) return null;
    return { endTime: r.end_time, bids: (r.bids as StoredBidRow[]).map(toWrittenBid) };
  }

  /**
   * The stored bids of `auctionId` placed under the given (bidder, idempotency key) pairs,
   * keyed by `keyedBid(bidderId, key)`: the answer to a retry whose first attempt committed.
   */
  async findByIdempotencyKeys(
    auctionId: string,
    keys: { bidderId: string; idempotencyKey: string }[],
  ): Promise<Map<string, WrittenBid>> {
    const rows: (StoredBidRow & { idempotency_key: string })[] = await this.db.query(
      `SELECT b.id, b.seq, b.bidder_id, b.amount_fils, b.created_at, b.idempotency_key
         FROM bids b
         JOIN unnest($2::uuid[], $3::text[]) AS k(bidder_id, idempotency_key)
           ON b.bidder_id = k.bidder_id AND b.idempotency_key = k.idempotency_key
        WHERE b.auction_id = $1`,
      [auctionId, keys.map((k) => k.bidderId), keys.map((k) => k.idempotencyKey)],
    );
    return new Map(rows.map((r) => [keyedBid(r.bidder_id, r.idempotency_key), toWrittenBid(r)]));
  }

  /**
   * Buy now: the buyer wins at the buy-now price, every bid is cancelled (kept for the record)
   * and the auction ends, all in one statement. Null when a rule no longer holds.
   */
  async buyNow(auctionId: string, buyerId: string, expectedFils?: number): Promise<{ endedAt: Date } | null> {
    const rows = await this.db.query(
      `WITH upd AS (
         UPDATE auctions
            SET status = '${AuctionStatus.Sold}', winner_id = $2, current_price_fils = buy_now_price_fils,
                end_time = now(), ended_at = now(), updated_at = now()
          WHERE id = $1 AND status IN (${OPEN}) AND end_time > now()
            AND buy_now_price_fils > 0 AND current_price_fils < buy_now_price_fils AND seller_id <> $2
            AND ($3::bigint IS NULL OR buy_now_price_fils = $3::bigint)
          RETURNING ended_at
       ), cancelled AS (
         UPDATE bids SET is_cancelled = true
          WHERE auction_id = $1 AND EXISTS (SELECT 1 FROM upd)
          RETURNING 1
       )
       SELECT (SELECT ended_at FROM upd) AS ended_at, (SELECT count(*) FROM cancelled) AS cancelled`,
      [auctionId, buyerId, expectedFils ?? null],
    );
    return rows[0]?.ended_at ? { endedAt: rows[0].ended_at } : null;
  }
}
