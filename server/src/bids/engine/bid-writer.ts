import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuctionStatus, StandingMax } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import {
  AuctionStore,
  type BatchBid,
  type CancelledBids,
  cancelledBidsParameters,
  cancelledBidsSql,
  type Reprice,
  type MaxBidChanges,
  type StoredBidRow,
  toWrittenBid,
  type WrittenBid,
} from '../../auctions';

export type { WrittenBid };

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
  /**
   * The standing maximums (R-MAX-BID), `order` their `seq`, of members who still exist (a
   * member removed by an operator never bids again), and the version they were read at.
   */
  maxima: StandingMax[];
  maxBidsVersion: number;
  /**
   * The members the seller blocked (R-BLOCK), read in the same statement: no round trip per bid.
   * A block moves `maxBidsVersion` of the seller's open auctions, so a turn judged without it
   * writes nothing and is judged again.
   */
  blockedIds: string[];
}

/** One bidder's idempotency key, as a map key (keys are per member, as in IdempotencyService). */
export const keyedBid = (bidderId: string, idempotencyKey: string) => `${bidderId} ${idempotencyKey}`;

/**
 * The bid engine's database access: the reads it judges by, and the auction store's bid
 * transitions. Each write is ONE statement whose WHERE clause re-checks every rule the database
 * can see (open, not past its end by the database clock, price unchanged since we judged the
 * batch), so correctness never depends on the Redis lock still being held.
 */
@Injectable()
export class BidWriter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly store: AuctionStore,
  ) {}

  async loadState(auctionId: string): Promise<AuctionBidState | null> {
    const rows = await this.db.query(
      `SELECT a.id, a.seller_id, a.status, a.current_price_fils, a.buy_now_price_fils, a.end_time, now() AS db_now,
              (SELECT b.bidder_id FROM bids b WHERE b.auction_id = a.id AND NOT b.is_cancelled ORDER BY b.seq DESC LIMIT 1) AS leader_id,
              a.max_bids_version,
              (SELECT coalesce(json_agg(json_build_object('userId', m.user_id, 'amountFils', m.amount_fils, 'order', m.seq)), '[]'::json)
                 FROM max_bids m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
                WHERE m.auction_id = a.id) AS maxima,
              (SELECT coalesce(json_agg(k.blocked_id), '[]'::json) FROM member_blocks k WHERE k.blocker_id = a.seller_id) AS blocked_ids
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
      maxima: (r.maxima as { userId: string; amountFils: number | string; order: number | string }[]).map((m) => ({
        userId: m.userId,
        amountFils: Number(m.amountFils),
        order: Number(m.order),
      })),
      maxBidsVersion: Number(r.max_bids_version),
      blockedIds: r.blocked_ids,
    };
  }

  /**
   * Stores accepted bids and the maximums the batch changed in one statement
   * (AuctionStore.applyBidBatch); null when refused.
   */
  writeBids(
    auctionId: string,
    expectedPriceFils: number,
    bids: BatchBid[],
    maxBids: MaxBidChanges,
  ): Promise<{ endTime: Date; bids: WrittenBid[] } | null> {
    return this.store.applyBidBatch(auctionId, expectedPriceFils, bids, undefined, maxBids);
  }

  /**
   * What an auction stands on without the bids `cancel` selects (R-MAX-BID-REMOVAL,
   * R-BID-RETRACT, R-BID-OPERATOR-CANCEL): the highest other standing bid (null: none, the
   * starting price holds), and how many standing bids the selection takes away (none: the price
   * stays as it is).
   */
  async loadRemainder(
    auctionId: string,
    cancel: CancelledBids,
  ): Promise<{ top: { bidderId: string; amountFils: number } | null; startingPriceFils: number; cancelled: number }> {
    const selected = cancelledBidsSql(2);
    const rows = await this.db.query(
      `SELECT a.starting_price_fils,
              (SELECT count(*)::int FROM bids b WHERE b.auction_id = a.id AND ${selected}) AS cancelled,
              (SELECT json_build_object('bidderId', b.bidder_id, 'amountFils', b.amount_fils) FROM bids b
                WHERE b.auction_id = a.id AND NOT b.is_cancelled AND NOT (${selected})
                ORDER BY b.seq DESC LIMIT 1) AS top
         FROM auctions a WHERE a.id = $1`,
      [auctionId, ...cancelledBidsParameters(cancel)],
    );
    const r = rows[0];
    const top = r?.top as { bidderId: string; amountFils: number | string } | null;
    return {
      top: top ? { bidderId: top.bidderId, amountFils: Number(top.amountFils) } : null,
      startingPriceFils: Number(r?.starting_price_fils ?? 0),
      cancelled: Number(r?.cancelled ?? 0),
    };
  }

  /** A bid of `auctionId` as the rules of taking it back judge it (null: no such bid on that auction). */
  async loadBid(
    auctionId: string,
    bidId: string,
  ): Promise<{ bidderId: string; seq: number; createdAt: Date; isCancelled: boolean; isAutomatic: boolean } | null> {
    const [r] = await this.db.query(
      `SELECT bidder_id, seq, created_at, is_cancelled, is_automatic FROM bids WHERE id = $1 AND auction_id = $2`,
      [bidId, auctionId],
    );
    return r
      ? {
          bidderId: r.bidder_id,
          seq: Number(r.seq),
          createdAt: new Date(r.created_at),
          isCancelled: r.is_cancelled,
          isAutomatic: r.is_automatic,
        }
      : null;
  }

  /** The auction a bid was placed on (null: no such bid). */
  async auctionOfBid(bidId: string): Promise<string | null> {
    const [r] = await this.db.query(`SELECT auction_id FROM bids WHERE id = $1`, [bidId]);
    return r?.auction_id ?? null;
  }

  /** A reprice in one transaction (AuctionStore.reprice); null when refused, 'limit' past a member's retractions. */
  reprice(
    auctionId: string,
    judgedBy: AuctionBidState,
    change: Reprice,
  ): Promise<{ bids: WrittenBid[] } | 'limit' | null> {
    const { currentPriceFils: priceFils, maxBidsVersion } = judgedBy;
    return this.store.reprice(auctionId, { priceFils, maxBidsVersion }, change);
  }

  /** A member's own maximum on an auction (R-MAX-BID), or null. */
  async findMaxBid(auctionId: string, userId: string): Promise<{ amountFils: number; setAt: Date } | null> {
    const rows = await this.db.query(
      `SELECT amount_fils, set_at FROM max_bids WHERE auction_id = $1 AND user_id = $2`,
      [auctionId, userId],
    );
    return rows[0] ? { amountFils: Number(rows[0].amount_fils), setAt: new Date(rows[0].set_at) } : null;
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
   * Buy now in one statement (AuctionStore.buyNow) that requires the maximums' version it was
   * judged by (a block moves it: R-BLOCK); null when a rule no longer holds.
   */
  buyNow(
    auctionId: string,
    buyerId: string,
    judgedBy: AuctionBidState,
    expectedFils?: number,
  ): Promise<{ endedAt: Date } | null> {
    return this.store.buyNow(auctionId, buyerId, judgedBy.maxBidsVersion, expectedFils);
  }
}
