import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AuctionStatus, filsToJod, OPEN_STATUSES } from '@mazad/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AuditLog } from '../../audit';
import { AppConfig } from '../../config/app-config';
import { runSql } from '../../infrastructure/database/run-sql';
import {
  antiSnipingEndSql,
  ARCHIVE_PENDING_SQL,
  archiveDueSql,
  buyNowAllowedSql,
  dueToEndSql,
  takesBidsSql,
} from './auction-conditions';

/** Where a transition runs: the pool, or the caller's transaction (its EntityManager). */
export type AuctionExecutor = DataSource | EntityManager;

/** What a seller writes in the listing form (create and the one edit); prices in fils. */
interface ListingFields {
  sellerId: string;
  title: string;
  description: string;
  category: string;
  images: string[];
  startingPriceFils: number;
  buyNowPriceFils: number | null;
  /** The duration's name (AUCTION_DURATIONS), stored with the auction. */
  auctionDuration: string;
}

/** A new listing's row. */
export interface NewAuction extends ListingFields {
  /** Seconds from now (database clock) to the end. */
  endsInSeconds: number;
}

/** The seller's one edit. */
export interface AuctionEdit extends ListingFields {
  auctionId: string;
  /** Seconds of `auctionDuration`: the new end is now() + this when the duration changes. */
  durationSeconds: number;
}

/** One bid of a batch, in arrival order. */
export interface BatchBid {
  bidderId: string;
  amountFils: number;
  idempotencyKey?: string;
  /** Placed by the engine for the bidder's maximum (R-MAX-BID). */
  automatic?: boolean;
}

/**
 * The maximums a batch changes (R-MAX-BID), written with its bids: each member's new maximum,
 * or null when withdrawn. `version`: the auctions' `max_bids_version` the batch was judged by.
 */
export interface MaxBidChanges {
  version: number;
  changes: { userId: string; amountFils: number | null }[];
}

export interface WrittenBid {
  id: string;
  seq: number;
  bidderId: string;
  amountFils: number;
  createdAt: Date;
  /** Placed by the engine for the bidder's maximum (R-MAX-BID). */
  automatic: boolean;
}

/** A bid as the database answers it (snake_case, numbers as strings). */
export interface StoredBidRow {
  id: string;
  seq: number | string;
  bidder_id: string;
  amount_fils: number | string;
  created_at: string | Date;
  is_automatic?: boolean;
}

export const toWrittenBid = (b: StoredBidRow): WrittenBid => ({
  id: b.id,
  seq: Number(b.seq),
  bidderId: b.bidder_id,
  amountFils: Number(b.amount_fils),
  createdAt: new Date(b.created_at),
  automatic: b.is_automatic ?? false,
});

/**
 * Which standing bids a reprice cancels, around one member's: their automatic ones (a removed
 * member's, R-MAX-BID-REMOVAL: their manual bids stand), or the one named and their later ones (a
 * retraction, R-BID-RETRACT: the bids placed before the typo stand), or that one bid alone (an
 * operator's cancel, R-BID-OPERATOR-CANCEL); with `answersAfterSeq`, also every automatic bid
 * placed after that `seq`, whoever's maximum placed it: the maximums' answers to a bid taken back
 * (the remaining maximums answer again from the highest remaining bid).
 */
export interface CancelledBids {
  bidderId: string;
  /** Only the member's bids placed automatically for their maximum. */
  automaticOnly?: boolean;
  /** Only the member's bids from this `seq` on (their later bids with it). */
  fromSeq?: number;
  /** Only this bid of the member. */
  bidId?: string;
  /** Also every automatic bid placed after this `seq`. */
  answersAfterSeq?: number;
}

/**
 * The condition on `bids b` that selects CancelledBids, over the parameters $first (bidder),
 * $first+1 (automatic only), $first+2 (from seq), $first+3 (bid id or NULL) and $first+4 (answers
 * after seq, or NULL): cancelledBidsParameters gives them in that order. One condition for the
 * read that judges a reprice (BidWriter.loadRemainder) and the statement that writes it, so both
 * take away the same bids.
 */
export function cancelledBidsSql(first: number): string {
  const [bidder, automaticOnly, fromSeq, bidId, answersAfter] = [0, 1, 2, 3, 4].map((i) => `$${first + i}`);
  return `NOT b.is_cancelled AND (
      (b.bidder_id = ${bidder}::uuid AND (b.is_automatic OR NOT ${automaticOnly}::boolean)
        AND b.seq >= ${fromSeq}::bigint AND (${bidId}::uuid IS NULL OR b.id = ${bidId}::uuid))
      OR (${answersAfter}::bigint IS NOT NULL AND b.is_automatic AND b.seq > ${answersAfter}::bigint))`;
}

export const cancelledBidsParameters = (c: CancelledBids) => [
  c.bidderId,
  c.automaticOnly ?? false,
  c.fromSeq ?? 0,
  c.bidId ?? null,
  c.answersAfterSeq ?? null,
];

/** A reprice: what it takes away and what the remaining maximums answered (AuctionStore.reprice). */
export interface Reprice {
  cancel: CancelledBids;
  /** Whose maximum on the auction goes too (a retraction's member; the owner of an automatic bid an operator cancels). */
  withdrawMaxOf?: string;
  newPriceFils: number;
  automaticBids: { bidderId: string; amountFils: number }[];
  /**
   * The record of a retraction or an operator's cancel (`bidId`: the bid named; `by`: the member
   * or the operator), in the reprice's transaction; `limit`: a member's retractions allowed in the
   * last `days` days (BID_RETRACTIONS_PER_PERIOD). An operator's cancel also writes its audit
   * entry there (R-AUDIT-LOG).
   */
  record?: {
    bidId: string;
    kind: 'retraction' | 'operator';
    reason: string;
    by: string;
    limit?: { max: number; days: number };
  };
}

/** The inputs of the bid batch statement, each an SQL expression (bind parameters for the server). */
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
  /** boolean[] of the bids' automatic marks, in order; omitted: all manual. */
  automatic?: string;
  /**
   * The maximums the batch changes (R-MAX-BID): uuid[] of members, bigint[] of their new
   * maximums (NULL: withdrawn), and the `max_bids_version` judged by, which the write requires
   * and moves when a maximum changes. Omitted: maximums are neither checked nor written.
   */
  maxBids?: { userIds: string; amountsFils: string; version: string };
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
  automatic: '$9::boolean[]',
  maxBids: { userIds: '$10::uuid[]', amountsFils: '$11::bigint[]', version: '$12::int' },
};

/**
 * Bidding on an auction watches it (R-WATCHLIST, docs/auctions.md "Watchlist"): the members `bidders` selects
 * (a column `bidder_id`) join its watchers in the same statement as their bids, so a committed bid is
 * never without its watch. ON CONFLICT: a member already watching stays as they were.
 */
const WATCH_BIDDERS_SQL = (auctionId: string, bidders: string) =>
  `INSERT INTO auction_watches (auction_id, user_id)
   SELECT DISTINCT ${auctionId}::uuid, w.bidder_id FROM (${bidders}) w
   ON CONFLICT (auction_id, user_id) DO NOTHING`;

/**
 * The single-writer statement of the bid path: stores a batch of accepted bids (in order) and
 * moves price, count and end time (the anti-sniping rule) in ONE statement, whose WHERE clause
 * re-checks what the database can see (takes bids by the database clock, price unchanged since
 * the batch was judged), and adds the bidders to its watchers. Answers `end_time` (null when refused) and the bids. Exported so the
 * benchmark (load-tests/lib/db-limit.mjs, load-tests/reference/server.mjs) runs this very
 * statement.
 */
export function writeBidsSql(inputs: WriteBidsInputs = WRITE_BIDS_PARAMETERS): string {
  const i = inputs;
  const m = i.maxBids;
  const columns = [
    ['bidder_id', i.bidderIds],
    ['amount_fils', i.amountsFils],
    ...(i.idempotencyKeys ? [['idempotency_key', i.idempotencyKeys]] : []),
    ...(i.automatic ? [['is_automatic', i.automatic]] : []),
  ];
  // A batch that only changes a maximum (raising one's own while leading) places no bid, so it
  // leaves price, count and end alone: the end moves only with a bid (R-ANTI-SNIPING, R-MAX-BID).
  return `WITH upd AS (
         UPDATE auctions
            SET current_price_fils = ${i.newPriceFils},
                bid_count = bid_count + ${i.bidCount},
                end_time = CASE WHEN ${i.bidCount} > 0 THEN ${antiSnipingEndSql(i.extensionSeconds)} ELSE end_time END,
                ${m ? `max_bids_version = max_bids_version + sign(cardinality(${m.userIds}))::int,` : ''}
                updated_at = now()
          WHERE id = ${i.auctionId} AND current_price_fils = ${i.expectedPriceFils}
            ${m ? `AND max_bids_version = ${m.version}` : ''} AND ${takesBidsSql()}
          RETURNING end_time
       ), ins AS (
         INSERT INTO bids (auction_id, ${columns.map(([c]) => c).join(', ')})
         SELECT ${i.auctionId}, ${columns.map(([c]) => `b.${c}`).join(', ')}
           FROM unnest(${columns.map(([, e]) => e).join(', ')})
                WITH ORDINALITY AS b(${columns.map(([c]) => c).join(', ')}, ord)
          WHERE EXISTS (SELECT 1 FROM upd)
          ORDER BY b.ord
         RETURNING id, seq, bidder_id, amount_fils, created_at, is_automatic
       ), watched AS (
         ${WATCH_BIDDERS_SQL(i.auctionId, 'SELECT bidder_id FROM ins')}
       )${m ? maxBidChangesSql(i.auctionId, m) : ''}
       SELECT (SELECT end_time FROM upd) AS end_time,
              (SELECT coalesce(json_agg(ins ORDER BY ins.seq), '[]'::json) FROM ins) AS bids`;
}

/**
 * The CTEs that write a batch's maximum changes beside its bids, only when the auction's row
 * was updated (`upd`): withdrawals deleted, new maximums upserted; a replaced maximum takes a
 * new `seq` (set later: of equal maximums the earlier one wins).
 */
function maxBidChangesSql(auctionId: string, m: NonNullable<WriteBidsInputs['maxBids']>): string {
  const changes = `unnest(${m.userIds}, ${m.amountsFils}) WITH ORDINALITY AS c(user_id, amount_fils, ord)`;
  return `, withdrawn AS (
         DELETE FROM max_bids x USING ${changes}
          WHERE x.auction_id = ${auctionId} AND x.user_id = c.user_id AND c.amount_fils IS NULL
            AND EXISTS (SELECT 1 FROM upd)
       ), maxed AS (
         INSERT INTO max_bids (auction_id, user_id, amount_fils)
         SELECT ${auctionId}, c.user_id, c.amount_fils FROM ${changes}
          WHERE c.amount_fils IS NOT NULL AND EXISTS (SELECT 1 FROM upd)
          ORDER BY c.ord
         ON CONFLICT (auction_id, user_id)
         DO UPDATE SET amount_fils = excluded.amount_fils, set_at = now(), seq = excluded.seq
       )`;
}

const WRITE_BIDS_SQL = writeBidsSql();

/**
 * The UPDATE that marks the auctions of the ratings a statement just inserted as rated (the
 * seller has been rated), as a data-modifying CTE of that statement: `ratings` names the CTE
 * whose rows carry `auction_id`. One statement stores the rating and its mark.
 */
export function markSellerRatedSql(ratings: string): string {
  return `UPDATE auctions a SET is_rated_by_seller = true, updated_at = now() FROM ${ratings} WHERE a.id = ${ratings}.auction_id`;
}

/**
 * The one owner of writes to `auctions`: every change of an auction's row is a named transition
 * here, each ONE conditional statement whose WHERE clause re-checks, by the database clock, the
 * rule that allows it, so a racing bid, end or edit makes it match nothing instead of slipping
 * through. Callers keep their transactions, locks and ordering: a transition run inside one
 * takes its EntityManager (`tx`). Nothing else in src/ writes the table (store-boundary.spec.ts).
 */
@Injectable()
export class AuctionStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Lists an auction, open from now (database clock) for `endsInSeconds`. */
  async create(tx: EntityManager, a: NewAuction): Promise<{ id: string; endTime: Date }> {
    const { rows } = await runSql<{ id: string; end_time: Date }>(
      tx,
      `INSERT INTO auctions (seller_id, title, description, category, status, images,
                             starting_price_fils, current_price_fils, buy_now_price_fils,
                             auction_duration, start_time, end_time)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $7, $8, $9, now(), now() + make_interval(secs => $10))
       RETURNING id, end_time`,
      [
        a.sellerId,
        a.title,
        a.description,
        a.category,
        AuctionStatus.Active,
        a.images,
        a.startingPriceFils,
        a.buyNowPriceFils,
        a.auctionDuration,
        a.endsInSeconds,
      ],
    );
    return { id: rows[0].id, endTime: new Date(rows[0].end_time) };
  }

  /**
   * The seller's one edit, only while the auction is theirs, active, not past its end, without
   * bids and never edited. With no bids the current price is the new starting price; a changed
   * duration restarts the clock. Null when a condition no longer holds.
   */
  async edit(tx: EntityManager, e: AuctionEdit): Promise<{ endTime: Date } | null> {
    const { rows } = await runSql<{ end_time: Date }>(
      tx,
      `UPDATE auctions SET
         title = $3, description = $4, category = $5, images = $6::text[],
         starting_price_fils = $7, current_price_fils = $7, buy_now_price_fils = $8,
         end_time = CASE WHEN auction_duration = $9 THEN end_time ELSE now() + make_interval(secs => $10) END,
         auction_duration = $9,
         has_been_edited = true,
         updated_at = now()
       WHERE id = $1 AND seller_id = $2 AND status = $11 AND bid_count = 0
         AND NOT has_been_edited AND end_time > now()
       RETURNING end_time`,
      [
        e.auctionId,
        e.sellerId,
        e.title,
        e.description,
        e.category,
        e.images,
        e.startingPriceFils,
        e.buyNowPriceFils,
        e.auctionDuration,
        e.durationSeconds,
        AuctionStatus.Active,
      ],
    );
    return rows[0] ? { endTime: new Date(rows[0].end_time) } : null;
  }

  /** The seller's hard delete, only without bids and winner. False when a condition no longer holds. */
  async deleteBySeller(tx: EntityManager, auctionId: string, sellerId: string): Promise<boolean> {
    const { affected } = await runSql(
      tx,
      `DELETE FROM auctions a
       WHERE a.id = $1 AND a.seller_id = $2 AND a.status <> $3
         AND a.bid_count = 0 AND a.winner_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM bids b WHERE b.auction_id = a.id)`,
      [auctionId, sellerId, AuctionStatus.Deleted],
    );
    return affected > 0;
  }

  /**
   * An operator's soft delete (محذوف; bids and winner kept), in the transaction that records it
   * (R-AUDIT-LOG). False when missing or already deleted.
   */
  async removeByOperator(tx: EntityManager, auctionId: string): Promise<boolean> {
    const { affected } = await runSql(
      tx,
      `UPDATE auctions SET status = $2, ended_at = COALESCE(ended_at, now()), updated_at = now()
       WHERE id = $1 AND status <> $2`,
      [auctionId, AuctionStatus.Deleted],
    );
    return affected > 0;
  }

  /**
   * Applies a judged bid batch in one statement (writeBidsSql), with the maximums it changes
   * (R-MAX-BID). Null when the auction changed since `expectedPriceFils` (or, with `maxBids`,
   * its maximums since their version) was read, closed, or its end passed: the caller re-reads
   * and re-judges. A batch without bids must change a maximum.
   */
  async applyBidBatch(
    auctionId: string,
    expectedPriceFils: number,
    bids: BatchBid[],
    db: AuctionExecutor = this.db,
    maxBids: MaxBidChanges = { version: 0, changes: [] },
  ): Promise<{ endTime: Date; bids: WrittenBid[] } | null> {
    const rows = await db.query(WRITE_BIDS_SQL, [
      auctionId,
      expectedPriceFils,
      bids.length ? bids[bids.length - 1].amountFils : expectedPriceFils,
      bids.length,
      this.config.bidExtensionSeconds,
      bids.map((b) => b.bidderId),
      bids.map((b) => b.amountFils),
      bids.map((b) => b.idempotencyKey ?? null),
      bids.map((b) => b.automatic ?? false),
      maxBids.changes.map((c) => c.userId),
      maxBids.changes.map((c) => c.amountFils),
      maxBids.version,
    ]);
    const r = rows[0];
    if (!r?.end_time) return null;
    return { endTime: r.end_time, bids: (r.bids as StoredBidRow[]).map(toWrittenBid) };
  }

  /**
   * Buy now: the buyer wins at the buy-now price, every bid is cancelled (kept for the record),
   * the auction ends and the buyer watches it, all in one statement. Null when a rule no longer holds.
   */
  async buyNow(
    auctionId: string,
    buyerId: string,
    maxBidsVersion: number,
    expectedFils?: number,
  ): Promise<{ endedAt: Date } | null> {
    const rows = await this.db.query(
      `WITH upd AS (
         UPDATE auctions
            SET status = '${AuctionStatus.Sold}', winner_id = $2, current_price_fils = buy_now_price_fils,
                end_time = now(), ended_at = now(), updated_at = now()
          WHERE id = $1 AND max_bids_version = $4 AND ${buyNowAllowedSql('$2', '$3')}
          RETURNING ended_at
       ), cancelled AS (
         UPDATE bids SET is_cancelled = true
          WHERE auction_id = $1 AND EXISTS (SELECT 1 FROM upd)
          RETURNING 1
       ), watched AS (
         ${WATCH_BIDDERS_SQL('$1', 'SELECT $2::uuid AS bidder_id FROM upd')}
       )
       SELECT (SELECT ended_at FROM upd) AS ended_at, (SELECT count(*) FROM cancelled) AS cancelled`,
      [auctionId, buyerId, expectedFils ?? null, maxBidsVersion],
    );
    return rows[0]?.ended_at ? { endedAt: rows[0].ended_at } : null;
  }

  /**
   * Ends an open auction whose end has passed: sold to the highest standing bid, else unsold.
   * Null when it is not due (still running, already ended, or a bid moved its end).
   */
  async end(auctionId: string): Promise<{ status: AuctionStatus; winnerId: string | null; endedAt: Date } | null> {
    const { rows } = await runSql<{ status: AuctionStatus; winner_id: string | null; ended_at: Date }>(
      this.db,
      `UPDATE auctions a
          SET status = CASE WHEN w.bidder_id IS NULL THEN '${AuctionStatus.Unsold}' ELSE '${AuctionStatus.Sold}' END,
              winner_id = w.bidder_id, ended_at = now(), updated_at = now()
         FROM (SELECT (SELECT b.bidder_id FROM bids b WHERE b.auction_id = $1 AND NOT b.is_cancelled
                        ORDER BY b.amount_fils DESC LIMIT 1) AS bidder_id) w
        WHERE a.id = $1 AND ${dueToEndSql('a')}
        RETURNING a.status, a.winner_id, a.ended_at`,
      [auctionId],
    );
    const ended = rows[0];
    return ended ? { status: ended.status, winnerId: ended.winner_id, endedAt: ended.ended_at } : null;
  }

  /**
   * Archives a sold or unsold auction whose archive moment (its end plus the delay of its
   * status, in seconds) has passed. The row stays. Null when not due or already archived.
   */
  async archive(
    auctionId: string,
    delays: { soldAfterSeconds: number; unsoldAfterSeconds: number },
  ): Promise<{ status: AuctionStatus } | null> {
    const { rows } = await runSql<{ status: AuctionStatus }>(
      this.db,
      `UPDATE auctions a SET archived_at = now()
        WHERE a.id = $1 AND ${ARCHIVE_PENDING_SQL} AND ${archiveDueSql(2)} <= now()
        RETURNING a.status`,
      [auctionId, delays.soldAfterSeconds, delays.unsoldAfterSeconds],
    );
    return rows[0] ?? null;
  }

  /** A party (seller or winner) confirms a sold auction's deal, once. False when nothing changed. */
  async confirmDeal(auctionId: string, partyId: string): Promise<boolean> {
    const { affected } = await runSql(
      this.db,
      `UPDATE auctions SET is_deal_confirmed = true, deal_confirmed_at = now(), updated_at = now()
        WHERE id = $1 AND status = $3 AND winner_id IS NOT NULL AND (seller_id = $2 OR winner_id = $2)
          AND NOT is_deal_confirmed`,
      [auctionId, partyId, AuctionStatus.Sold],
    );
    return affected > 0;
  }

  /** The winner confirms receipt of an archived sale, once. False when nothing changed. */
  async confirmArchivedDeal(auctionId: string, winnerId: string): Promise<boolean> {
    const { affected } = await runSql(
      this.db,
      `UPDATE auctions SET is_deal_confirmed = true, deal_confirmed_at = now(), updated_at = now()
        WHERE id = $1 AND winner_id = $2 AND status = $3 AND archived_at IS NOT NULL AND NOT is_deal_confirmed`,
      [auctionId, winnerId, AuctionStatus.Sold],
    );
    return affected > 0;
  }

  /**
   * A deleted member's open auctions are cancelled (ملغي) and archived at once; the bids others
   * placed on them stay. Answers their ids.
   */
  async cancelForDeletedMember(tx: EntityManager, sellerId: string): Promise<string[]> {
    const { rows } = await runSql<{ id: string }>(
      tx,
      `UPDATE auctions SET status = $2, ended_at = now(), archived_at = now(), updated_at = now()
        WHERE seller_id = $1 AND status = ANY($3::text[])
        RETURNING id`,
      [sellerId, AuctionStatus.Cancelled, OPEN_STATUSES],
    );
    return rows.map((r) => r.id);
  }

  /**
   * A member removed by an operator loses their maximums (R-MAX-BID): deleted, and the version
   * of each auction they were on moves, so a bid batch judged with them is refused and judged
   * again without them; no automatic bid is ever placed for a removed member.
   */
  async forgetMaxBidsOf(tx: EntityManager, userId: string): Promise<void> {
    await runSql(
      tx,
      `WITH gone AS (DELETE FROM max_bids WHERE user_id = $1 RETURNING auction_id)
       UPDATE auctions SET max_bids_version = max_bids_version + 1 WHERE id IN (SELECT auction_id FROM gone)`,
      [userId],
    );
  }

  /**
   * A seller blocked `memberId` (R-BLOCK), in the block's transaction: the version of every open
   * auction of the seller moves, so a bid batch or a buy-now judged before the block (without
   * it) matches nothing and is judged again, with it; the member's maximums there are deleted.
   * The auctions are locked before the maximums, in the order a bid batch's statement takes them.
   * Answers the auctions where the member held a maximum (to reprice: R-MAX-BID-REMOVAL).
   */
  async shutOutOfSellerAuctions(tx: EntityManager, sellerId: string, memberId: string): Promise<string[]> {
    const { rows } = await runSql<{ auction_id: string }>(
      tx,
      `WITH open AS (
         UPDATE auctions SET max_bids_version = max_bids_version + 1
          WHERE seller_id = $1 AND status = ANY($3::text[])
          RETURNING id
       )
       DELETE FROM max_bids m USING open WHERE m.auction_id = open.id AND m.user_id = $2
       RETURNING m.auction_id`,
      [sellerId, memberId, OPEN_STATUSES],
    );
    return rows.map((r) => r.auction_id);
  }

  /**
   * Reprices an open auction after bids were taken away from it, in ONE transaction whose first
   * statement is conditional (R-MAX-BID-REMOVAL, R-BID-RETRACT, R-BID-OPERATOR-CANCEL): the bids
   * `change.cancel` selects are cancelled (kept for the record), the maximum of
   * `change.withdrawMaxOf` on the auction is deleted, the price becomes `change.newPriceFils` (the
   * highest remaining bid as the remaining maximums answered it, or the starting price), those
   * answers are stored as automatic bids and counted (the cancelled ones stay counted, as a
   * buy-now's do: the count only grows, so clients order their copies by it, the live view's
   * `seq`, docs/realtime.md), and the maximums' version moves; a
   * retraction or an operator's cancel is recorded in `bid_cancellations` with its price before
   * and after. Only while the price and version are still those judged by and the auction takes
   * bids; null otherwise (the caller re-reads and judges again). With `record.limit` (a member's
   * retraction), 'limit' when the member already took back that many bids in the period, counted
   * under their row's lock so that parallel retractions on several auctions cannot all pass. The
   * end does not move: taking a bid back is not a bid (R-ANTI-SNIPING).
   */
  async reprice(
    auctionId: string,
    judgedBy: { priceFils: number; maxBidsVersion: number },
    change: Reprice,
  ): Promise<{ bids: WrittenBid[] } | 'limit' | null> {
    const { cancel, record } = change;
    // Several statements in one transaction: the answers may take the cancelled bids' amounts,
    // which the unique index of standing amounts allows only once those are cancelled.
    return this.db.transaction(async (tx) => {
      if (record?.limit && (await this.retractionsOf(tx, cancel.bidderId, record.limit.days)) >= record.limit.max) {
        return 'limit';
      }
      const cancelled = cancelledBidsSql(7);
      const [moved] = await tx.query(
        `WITH upd AS (
           UPDATE auctions
              SET current_price_fils = $4,
                  bid_count = bid_count + $5,
                  max_bids_version = max_bids_version + 1, updated_at = now()
            WHERE id = $1 AND current_price_fils = $2 AND max_bids_version = $3 AND ${takesBidsSql()}
            RETURNING id
         ), cancelled AS (
           UPDATE bids b SET is_cancelled = true
            WHERE b.auction_id = $1 AND ${cancelled} AND EXISTS (SELECT 1 FROM upd)
            RETURNING 1
         ), withdrawn AS (
           DELETE FROM max_bids WHERE auction_id = $1 AND user_id = $6::uuid AND EXISTS (SELECT 1 FROM upd)
         )
         SELECT EXISTS (SELECT 1 FROM upd) AS done, (SELECT count(*)::int FROM cancelled) AS cancelled`,
        [
          auctionId,
          judgedBy.priceFils,
          judgedBy.maxBidsVersion,
          change.newPriceFils,
          change.automaticBids.length,
          change.withdrawMaxOf ?? null,
          ...cancelledBidsParameters(cancel),
        ],
      );
      if (!moved.done) return null;
      const rows: StoredBidRow[] = await tx.query(
        `INSERT INTO bids (auction_id, bidder_id, amount_fils, is_automatic)
         SELECT $1, b.bidder_id, b.amount_fils, true
           FROM unnest($2::uuid[], $3::bigint[]) WITH ORDINALITY AS b(bidder_id, amount_fils, ord)
          ORDER BY b.ord
         RETURNING id, seq, bidder_id, amount_fils, created_at, is_automatic`,
        [auctionId, change.automaticBids.map((b) => b.bidderId), change.automaticBids.map((b) => b.amountFils)],
      );
      if (record?.kind === 'operator') {
        await AuditLog.record(tx, {
          actorId: record.by,
          action: 'bid.cancel',
          target: { type: 'bid', id: record.bidId },
          reason: record.reason,
          before: { cancelled: false, auctionPrice: filsToJod(judgedBy.priceFils) },
          after: { cancelled: true, auctionPrice: filsToJod(change.newPriceFils), cancelledBids: moved.cancelled },
        });
      }
      if (record) {
        await tx.query(
          `INSERT INTO bid_cancellations (bid_id, auction_id, bidder_id, kind, reason, cancelled_by, cancelled_bids,
                                          price_before_fils, price_after_fils)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            record.bidId,
            auctionId,
            cancel.bidderId,
            record.kind,
            record.reason,
            record.by,
            moved.cancelled,
            judgedBy.priceFils,
            change.newPriceFils,
          ],
        );
      }
      return { bids: rows.map(toWrittenBid) };
    });
  }

  /**
   * The member's retractions in the last `days` days, counted after taking their row's lock (FOR
   * NO KEY UPDATE: retractions of one member queue here, while their bids, whose statements only
   * share the row, go on), so a count is never read before a parallel retraction commits.
   */
  private async retractionsOf(tx: EntityManager, memberId: string, days: number): Promise<number> {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [memberId]);
    const [row] = await tx.query(
      `SELECT count(*)::int AS n FROM bid_cancellations
        WHERE bidder_id = $1 AND kind = 'retraction' AND created_at > now() - make_interval(days => $2)`,
      [memberId, days],
    );
    return row.n;
  }

  /** Adds counted page views (auction id → views) to the auctions that are not deleted. */
  async addViews(views: Map<string, number>): Promise<void> {
    await this.db.query(
      `UPDATE auctions a SET view_count = a.view_count + v.n
         FROM unnest($1::uuid[], $2::int[]) AS v(id, n)
        WHERE a.id = v.id AND a.status <> $3`,
      [[...views.keys()], [...views.values()], AuctionStatus.Deleted],
    );
  }

  /**
   * Removes rows outright, whatever their state: only for a disposable deployment's test data
   * (the load-test fixtures' clean-up, which removes their bids, messages and ratings first).
   */
  async purge(tx: EntityManager, auctionIds: string[]): Promise<void> {
    await runSql(tx, `DELETE FROM auctions WHERE id = ANY($1::uuid[])`, [auctionIds]);
  }
}
