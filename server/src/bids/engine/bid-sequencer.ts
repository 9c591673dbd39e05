import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import {
  answerMaxima,
  Auction,
  AuctionStatus,
  BID_RETRACTION_PERIOD_DAYS,
  BID_RETRACTIONS_PER_PERIOD,
  type BidRetractionReason,
  buyNowRefusal,
  closedReason,
  ErrorCode,
  operatorCancelRefusal,
  retractionRefusal,
} from '@mazad/contracts';
import { AuctionReadModel, BIDS_IN_LIVE_VIEW } from '../../auctions';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionRepricedEvent } from '../../auctions/events/auction-repriced.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import { BidPlacedEvent } from '../../auctions/events/bid-placed.event';
import type { Reprice } from '../../auctions';
import { AppException, auctionBusy } from '../../common/errors/app.exception';
import { assertCanonicalId } from '../../common/validation/ids';
import { auctionViews, type AuctionViews } from '../answer-views';
import { BidCancelledEvent } from '../events/bid-cancelled.event';
import { AdmissionTickets } from './admission-tickets';
import { AuctionLockService } from './auction-lock.service';
import { BidAdmission, MAX_BATCH, QueuePace } from './bid-admission';
import { AuctionBidState, BidWriter, keyedBid, WrittenBid } from './bid-writer';
import { judgeBatch } from './judge-batch';

/**
 * `views` is the auction after the batch (read once, shared by the batch's answers); null if
 * re-reading it failed after commit, or when the bid is an earlier one answered again (the retry
 * of a committed bid: see `refuse`).
 */
export interface BidOutcome {
  bid: WrittenBid;
  views: AuctionViews | null;
}

export interface BuyNowOutcome {
  auction: Auction | null;
}

/** A bid taken back (a retraction, an operator's cancel): the auction after the reprice (null if re-reading it failed). */
export interface CorrectionOutcome {
  auction: Auction | null;
}

/**
 * A maximum set or withdrawn (R-MAX-BID): the auction after the batch, whether the member
 * holds the price then, and `tiedEarlier` when an earlier equal maximum kept the lead.
 */
export interface MaxBidOutcome {
  views: AuctionViews | null;
  leading: boolean;
  tiedEarlier: boolean;
}

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A member's request: `performance.now()` when it reached the process (its deadline counts from there). */
interface Arrived {
  arrivedAt: number;
}

type QueueItem =
  | ({ kind: 'bid'; bidderId: string; amountFils: number; idempotencyKey?: string } & Arrived & Pending<BidOutcome>)
  | ({ kind: 'max'; userId: string; amountFils: number } & Arrived & Pending<MaxBidOutcome>)
  | ({ kind: 'withdraw'; userId: string } & Arrived & Pending<MaxBidOutcome>)
  | ({ kind: 'buy'; buyerId: string; buyerName: string; expectedFils?: number } & Arrived & Pending<BuyNowOutcome>)
  // A member takes their own bid back (R-BID-RETRACT).
  | ({ kind: 'retract'; memberId: string; bidId: string; reason: BidRetractionReason } & Arrived &
      Pending<CorrectionOutcome>)
  // Operator work, never refused by admission control: the reprice after a member's removal
  // (R-MAX-BID-REMOVAL), an operator's cancel of one bid (R-BID-OPERATOR-CANCEL).
  | ({ kind: 'reprice'; memberId: string } & Pending<void>)
  | ({ kind: 'cancel'; operatorId: string; bidId: string; reason: string } & Pending<CorrectionOutcome>);

type BidItem = Extract<QueueItem, { kind: 'bid' }>;
/** What takes bids away and reprices the auction (processCorrection). */
type CorrectionItem = Extract<QueueItem, { kind: 'reprice' | 'retract' | 'cancel' }>;
/** What runs alone, between batches: a buy-now, or a correction. */
type SoloItem = Extract<QueueItem, { kind: 'buy' }> | CorrectionItem;
/** What a bid batch holds: manual bids, maximums and withdrawals, judged together in order. */
type BatchItem = Exclude<QueueItem, SoloItem>;
type MaxBidItem = Extract<QueueItem, { kind: 'max' | 'withdraw' }>;
/** An operator's work (never refused by admission control). */
type OperatorItem = Extract<QueueItem, { kind: 'reprice' | 'cancel' }>;
/** A member's request (admission control's). */
type MemberItem = Exclude<QueueItem, OperatorItem>;

interface AuctionQueue {
  items: QueueItem[];
  running: boolean;
  /** Post-commit work (view, answers, events) runs in commit order, beside the next write. */
  tail: Promise<void>;
  /** How fast this queue drains (admission control estimates a new item's wait from it). */
  pace: QueuePace;
}

/** How long one replica keeps an auction's lock while its queue is busy, before letting others in. */
const MAX_HOLD_MS = 50;
/** Emptied queues whose pace is kept (a Map in insertion order: the oldest is dropped first). */
const MAX_IDLE_PACES = 1_000;
/** How long a replica steps aside after its turn when another replica waits for the lock. */
const STEP_ASIDE_MS = 10;
/** The unique index that keeps one bid per member, auction and idempotency key (its violation). */
const isIdempotencyKeyReuse = (err: unknown) =>
  (err as { code?: string; constraint?: string }).code === '23505' &&
  (err as { constraint?: string }).constraint === 'bids_idempotency_key_idx';

/** Re-reads allowed when the database refuses a batch because the auction moved underneath. */
const MAX_CONFLICT_RETRIES = 5;

/** A refused bid or buy-now; the code's status comes from contracts' ERRORS table. */
const bidError = (code: ErrorCode) => (code === 'AUCTION_BUSY' ? auctionBusy() : new AppException(code));

/** The rules judge an auction by the database clock read with it (a missing one needs no clock). */
const dbClock = (state: AuctionBidState | null) => state?.dbNow ?? 0;

// A bid is told apart with one comparison: it is by far the most frequent item.
const isSolo = (item: QueueItem): item is SoloItem =>
  item.kind !== 'bid' && item.kind !== 'max' && item.kind !== 'withdraw';
const isOperatorWork = (item: QueueItem): item is OperatorItem => item.kind === 'reprice' || item.kind === 'cancel';

/** The member whose request `item` is. */
function memberOf(item: MemberItem): string {
  switch (item.kind) {
    case 'bid':
      return item.bidderId;
    case 'buy':
      return item.buyerId;
    case 'retract':
      return item.memberId;
    default:
      return item.userId;
  }
}

/** What a correction takes away, and how it is recorded (AuctionStore.reprice). */
type CorrectionPlan = Omit<Reprice, 'newPriceFils' | 'automaticBids'>;

/**
 * The heart of the bid path. Requests for one auction queue up in arrival order inside this
 * process; one worker per auction takes the auction's Redis lock, judges a batch of queued
 * bids against the auction and writes the accepted ones in a single conditional statement.
 * So at most one request per replica competes for the lock, round trips inside the lock are
 * one per batch, and PostgreSQL stays the final arbiter (see BidWriter). A member's request
 * joins the queue only if it can be answered in time, and leaves it unjudged once it cannot
 * (BidAdmission: AUCTION_BUSY, nothing written).
 */
@Injectable()
export class BidSequencer implements OnApplicationShutdown {
  private readonly logger = new Logger(BidSequencer.name);
  private readonly queues = new Map<string, AuctionQueue>();
  /**
   * The pace of the auctions whose queue emptied lately (the most recent MAX_IDLE_PACES): a storm
   * empties its queue between bursts, and a queue that forgot its pace would admit the next
   * burst blind.
   */
  private readonly idlePaces = new Map<string, QueuePace>();

  constructor(
    private readonly locks: AuctionLockService,
    private readonly writer: BidWriter,
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
    private readonly admission: BidAdmission,
    private readonly tickets: AdmissionTickets,
  ) {}

  /**
   * `idempotencyKey`: the client's key for this bid (HTTP header or socket field). It is stored
   * with the bid, so a retry whose first attempt committed is answered with that bid even when
   * the first answer never reached the client and Redis forgot the key (see `refuse`).
   * `arrivedAt` (here and below): `performance.now()` when the request reached the process.
   */
  placeBid(
    auctionId: string,
    bidderId: string,
    amountFils: number,
    idempotencyKey?: string,
    arrivedAt = performance.now(),
  ): Promise<BidOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'bid', bidderId, amountFils, idempotencyKey, arrivedAt, resolve, reject }),
    );
  }

  /**
   * Sets (or changes) the member's maximum (R-MAX-BID), in the same order and batches as bids,
   * so its automatic bids are written by the same conditional statement.
   */
  setMaxBid(
    auctionId: string,
    userId: string,
    amountFils: number,
    arrivedAt = performance.now(),
  ): Promise<MaxBidOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'max', userId, amountFils, arrivedAt, resolve, reject }),
    );
  }

  /** Withdraws the member's maximum, refused while they hold the price (R-MAX-BID). */
  withdrawMaxBid(auctionId: string, userId: string, arrivedAt = performance.now()): Promise<MaxBidOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'withdraw', userId, arrivedAt, resolve, reject }),
    );
  }

  /** `expectedFils`: the buy-now price the buyer saw; the purchase is refused when it differs. */
  buyNow(
    auctionId: string,
    buyerId: string,
    buyerName: string,
    expectedFils?: number,
    arrivedAt = performance.now(),
  ): Promise<BuyNowOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'buy', buyerId, buyerName, expectedFils, arrivedAt, resolve, reject }),
    );
  }

  /**
   * Throws AUCTION_BUSY when a request that arrived at `arrivedAt` would be refused by the
   * auction's queue now, counting as queued the requests admitted at the door and still on their
   * way (AdmissionTickets): the transports ask at the door (BidActions.admit), before a Redis
   * round trip or a rate-limit point is spent on a request the queue would refuse anyway. A
   * check only: the door's ticket is AdmissionTickets'.
   */
  assertAdmits(auctionId: string, arrivedAt: number): void {
    const queue = this.queues.get(auctionId);
    const onTheirWay = this.tickets.onTheirWay(auctionId);
    this.admission.assertAdmits((queue?.items.length ?? 0) + onTheirWay, queue?.pace, arrivedAt);
  }

  /** Drops an emptied queue, keeping its pace for its next one. */
  private forget(auctionId: string, queue: AuctionQueue) {
    this.queues.delete(auctionId);
    this.idlePaces.delete(auctionId);
    this.idlePaces.set(auctionId, queue.pace);
    if (this.idlePaces.size > MAX_IDLE_PACES) this.idlePaces.delete(this.idlePaces.keys().next().value!);
  }

  /**
   * Recomputes an open auction after an operator removed `memberId` (R-MAX-BID-REMOVAL): in this
   * auction's order, like a bid, so it cannot race one. Resolves once written (or when nothing
   * had to change: the auction is closed or no standing automatic bid of the member is on it).
   */
  repriceWithoutMember(auctionId: string, memberId: string): Promise<void> {
    return new Promise((resolve, reject) => this.enqueue(auctionId, { kind: 'reprice', memberId, resolve, reject }));
  }

  /**
   * The member takes back their bid `bidId` (R-BID-RETRACT): judged and written in this
   * auction's order, like a bid (and admitted like one), so it cannot race one.
   */
  retractBid(
    auctionId: string,
    memberId: string,
    bidId: string,
    reason: BidRetractionReason,
    arrivedAt = performance.now(),
  ): Promise<CorrectionOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'retract', memberId, bidId, reason, arrivedAt, resolve, reject }),
    );
  }

  /** An operator cancels the bid `bidId` (R-BID-OPERATOR-CANCEL), in this auction's order. */
  cancelBid(auctionId: string, operatorId: string, bidId: string, reason: string): Promise<CorrectionOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'cancel', operatorId, bidId, reason, resolve, reject }),
    );
  }

  /** Lets queued work finish before the process exits (graceful shutdown). */
  async onApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (this.queues.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  private enqueue(auctionId: string, item: QueueItem) {
    // The queue, the Redis lock and the broadcast room all key on this string (see canonicalId).
    assertCanonicalId(auctionId);
    let queue = this.queues.get(auctionId);
    if (!isOperatorWork(item)) {
      // It arrived: the queue counts it from now on, no longer its ticket.
      this.tickets.arrived(auctionId, memberOf(item));
      // Refused at once, before it waits (thrown inside the caller's promise: its rejection).
      this.admission.assertAdmits(queue?.items.length ?? 0, queue?.pace, item.arrivedAt);
    }
    if (!queue) {
      const pace = this.idlePaces.get(auctionId) ?? new QueuePace();
      this.idlePaces.delete(auctionId);
      queue = { items: [], running: false, tail: Promise.resolve(), pace };
      this.queues.set(auctionId, queue);
    }
    queue.items.push(item);
    // The caller waits on its own item's promise, not on the drain, which never rejects: it
    // answers every item it takes, whatever fails.
    if (!queue.running) void this.drain(auctionId, queue);
  }

  private async drain(auctionId: string, queue: AuctionQueue) {
    queue.running = true;
    try {
      while (this.shedLate(queue) > 0) {
        // A turn starts when items wait: the lock's wait is part of it.
        queue.pace.turnStarted();
        let lock;
        try {
          lock = await this.locks.acquire(auctionId, this.admission.lockWaitMs);
        } catch (err) {
          // Not had within the deadline (AUCTION_BUSY: another replica holds the auction), or
          // Redis failed: what is queued is refused, nothing of it was written.
          const refused = queue.items.splice(0);
          if (err instanceof AppException && err.code === 'AUCTION_BUSY') this.admission.lockNotHad(refused.length);
          for (const item of refused) item.reject(err);
          break;
        }
        try {
          const heldSince = Date.now();
          // The lock may have been long in coming: what waited past its deadline is refused before anything is read.
          if (this.shedLate(queue) === 0) continue;
          let state = await this.writer.loadState(auctionId);
          while (this.shedLate(queue) > 0 && Date.now() - heldSince < MAX_HOLD_MS) {
            const solo = isSolo(queue.items[0]) ? (queue.items.shift() as SoloItem) : null;
            const batch = solo ? null : this.takeBids(queue);
            try {
              if (solo?.kind === 'buy') state = await this.processBuyNow(auctionId, queue, state, solo);
              else if (solo) state = await this.processCorrection(auctionId, queue, state, solo);
              else state = await this.processBids(auctionId, queue, state, batch!);
            } catch (err) {
              // The work taken off the queue is answered too (an item already answered ignores
              // this): a write that failed, or whose outcome is unknown, is retried by the
              // client with its idempotency key, never left without an answer.
              for (const item of solo ? [solo] : batch!) item.reject(err);
              throw err;
            }
            queue.pace.turnEnded();
            if (queue.items.length > 0) queue.pace.turnStarted();
          }
        } catch (err) {
          // Unexpected (database down…): fail what is queued rather than retry forever.
          this.logger.error({ err, auctionId }, 'Bid batch failed');
          for (const item of queue.items.splice(0)) item.reject(err);
        } finally {
          const contended = await lock.release().catch((err) => {
            this.logger.warn({ err, auctionId }, 'Lock release failed');
            return false;
          });
          if (contended && queue.items.length > 0) await new Promise((r) => setTimeout(r, STEP_ASIDE_MS));
        }
      }
    } finally {
      queue.running = false;
      queue.pace.idle();
      // Items that arrived while this drain was finishing: a new drain (see enqueue) takes them.
      if (queue.items.length > 0) void this.drain(auctionId, queue);
      else await queue.tail.finally(() => queue.items.length === 0 && !queue.running && this.forget(auctionId, queue));
    }
  }

  /** One BidPlacedEvent per written bid, in order, each naming the leader it displaced. */
  private publishPlaced(
    auctionId: string,
    bids: WrittenBid[],
    leaderBefore: string | null,
    committedAt: number,
    auction: Auction | null,
  ) {
    let leader = leaderBefore;
    for (const bid of bids) {
      const outbid = leader && leader !== bid.bidderId ? leader : null;
      this.events.publish(
        new BidPlacedEvent(
          auctionId,
          bid.id,
          bid.bidderId,
          bid.amountFils,
          outbid,
          bid.createdAt,
          committedAt,
          auction ?? undefined,
          bid.automatic,
        ),
      );
      leader = bid.bidderId;
    }
  }

  /**
   * Refuses, unjudged, the queued requests past their deadline (AUCTION_BUSY: nothing of them
   * was written, so a retry is always safe), and tells how many items remain. Every item is
   * looked at, not only the next batch: a late item only gets later.
   */
  private shedLate(queue: AuctionQueue): number {
    const now = performance.now();
    let kept = 0;
    for (const item of queue.items) {
      const late = !isOperatorWork(item) && this.admission.pastDeadline(item.arrivedAt, now);
      if (late) item.reject(late);
      else queue.items[kept++] = item;
    }
    queue.items.length = kept;
    return kept;
  }

  private takeBids(queue: AuctionQueue): BatchItem[] {
    let n = 0;
    while (n < queue.items.length && n < MAX_BATCH && !isSolo(queue.items[n])) n++;
    return queue.items.splice(0, n) as BatchItem[];
  }

  private async processBids(
    auctionId: string,
    queue: AuctionQueue,
    initial: AuctionBidState | null,
    taken: BatchItem[],
  ) {
    let state = initial;
    let batch = taken;
    for (let attempt = 0; ; attempt++) {
      const closed = closedReason(state, dbClock(state));
      if (closed) {
        await this.refuse(
          auctionId,
          batch.map((item) => ({ item, code: closed })),
        );
        return state;
      }
      const judged = judgeBatch(state!, batch);
      const refused = judged.refused.map(({ item, code }) => ({ item: batch[item], code }));
      const takenMaxBids = judged.taken.map(({ item, tiedEarlier }) => ({
        item: batch[item] as MaxBidItem,
        tiedEarlier,
      }));
      if (judged.bids.length === 0 && judged.changes.size === 0) {
        // Nothing to write (refusals, a maximum set again, a withdrawal without a maximum).
        await this.refuse(auctionId, refused);
        if (takenMaxBids.length > 0) {
          const auction = await this.loadView(auctionId);
          const views = auction && auctionViews(auction);
          for (const { item } of takenMaxBids)
            item.resolve({ views, leading: state!.leaderId === item.userId, tiedEarlier: false });
        }
        return state;
      }
      const written = await this.writer
        .writeBids(auctionId, state!.currentPriceFils, judged.bids, {
          version: state!.maxBidsVersion,
          changes: [...judged.changes].map(([userId, amountFils]) => ({ userId, amountFils })),
        })
        .catch((err) => {
          if (isIdempotencyKeyReuse(err)) return 'key reused' as const;
          throw err;
        });
      if (written === 'key reused') {
        // A key of this batch already placed a bid (a retry for another amount after Redis
        // forgot the key): nothing was written; answer those and judge the others again.
        batch = await this.answerStored(auctionId, batch);
        state = await this.writer.loadState(auctionId);
        if (batch.length === 0) return state;
        continue;
      }
      if (!written) {
        // The auction or its maximums moved (another replica, an edit, the end job): re-read and judge again.
        if (attempt >= MAX_CONFLICT_RETRIES) {
          for (const item of batch) item.reject(bidError('AUCTION_BUSY'));
          return null;
        }
        state = await this.writer.loadState(auctionId);
        continue;
      }
      const committedAt = performance.now();
      await this.refuse(auctionId, refused);
      const previousLeader = state!.leaderId;
      const { final } = judged;
      const next: AuctionBidState = {
        ...state!,
        currentPriceFils: final.priceFils,
        endTime: written.endTime,
        leaderId: final.leaderId,
        maxima: judged.maxima,
        maxBidsVersion: state!.maxBidsVersion + (judged.changes.size > 0 ? 1 : 0),
      };
      this.afterCommit(queue, async () => {
        const auction = await this.loadView(auctionId);
        this.publishPlaced(auctionId, written.bids, previousLeader, committedAt, auction);
        // Once per batch: every answer below shares these objects (ADR 0015).
        const views = auction && auctionViews(auction);
        written.bids.forEach((bid, i) => {
          const manual = judged.bids[i].item;
          if (manual !== undefined) (batch[manual] as BidItem).resolve({ bid, views });
        });
        for (const { item, tiedEarlier } of takenMaxBids)
          item.resolve({ views, leading: final.leaderId === item.userId, tiedEarlier });
      });
      return next;
    }
  }

  /**
   * Answers refused bids. A refused bid that carries an idempotency key may be the retry of a
   * bid already stored under that key (its first answer was lost: the replica died, the client
   * timed out, Redis lost the key's record) — a stored bid is never above the price, so its
   * retry is always refused. Such a retry gets the stored bid, never the refusal.
   */
  private async refuse(auctionId: string, refusals: { item: BatchItem; code: ErrorCode }[]) {
    const unanswered = new Set(
      await this.answerStored(
        auctionId,
        refusals.map((r) => r.item),
      ),
    );
    for (const { item, code } of refusals) if (unanswered.has(item)) item.reject(bidError(code));
  }

  /**
   * Answers the bids of `items` whose idempotency key already placed a bid: with that bid (the
   * same amount again: a retry) or IDEMPOTENCY_CONFLICT (another amount). Returns the others.
   * One lookup; if it fails, the keyed items fail with it (a transient error: clients retry).
   */
  private async answerStored(auctionId: string, items: BatchItem[]): Promise<BatchItem[]> {
    const keyed = items.filter(
      (b): b is BidItem & { idempotencyKey: string } => b.kind === 'bid' && b.idempotencyKey !== undefined,
    );
    if (keyed.length === 0) return items;
    let stored: Map<string, WrittenBid>;
    try {
      stored = await this.writer.findByIdempotencyKeys(auctionId, keyed);
    } catch (err) {
      for (const bid of keyed) bid.reject(err);
      return items.filter((b) => b.kind !== 'bid' || b.idempotencyKey === undefined);
    }
    return items.filter((item) => {
      if (item.kind !== 'bid' || item.idempotencyKey === undefined) return true;
      const earlier = stored.get(keyedBid(item.bidderId, item.idempotencyKey));
      if (!earlier) return true;
      if (earlier.amountFils === item.amountFils) item.resolve({ bid: earlier, views: null });
      else item.reject(bidError('IDEMPOTENCY_CONFLICT'));
      return false;
    });
  }

  private async processBuyNow(
    auctionId: string,
    queue: AuctionQueue,
    initial: AuctionBidState | null,
    item: Extract<QueueItem, { kind: 'buy' }>,
  ) {
    let state = initial;
    for (let attempt = 0; ; attempt++) {
      const refusal = buyNowRefusal(state, item.buyerId, dbClock(state), item.expectedFils);
      if (refusal) {
        item.reject(bidError(refusal));
        return state;
      }
      const done = await this.writer.buyNow(auctionId, item.buyerId, item.expectedFils);
      if (done) {
        this.afterCommit(queue, async () => {
          const auction = await this.loadView(auctionId);
          this.events.publish(new AuctionSoldEvent(auctionId, item.buyerId, item.buyerName, auction ?? undefined));
          this.events.publish(
            new AuctionEndedEvent(auctionId, AuctionStatus.Sold, item.buyerId, done.endedAt, auction ?? undefined),
          );
          item.resolve({ auction });
        });
        return { ...state!, status: AuctionStatus.Sold };
      }
      if (attempt >= MAX_CONFLICT_RETRIES) {
        item.reject(bidError('AUCTION_BUSY'));
        return null;
      }
      state = await this.writer.loadState(auctionId);
    }
  }

  /**
   * Takes bids away and reprices the auction (R-MAX-BID-REMOVAL, R-BID-RETRACT,
   * R-BID-OPERATOR-CANCEL, docs/adr/0014-removal-reprices.md): the bids the item names are set
   * aside, the highest remaining bid (or the starting price) is the base, and the remaining
   * maximums answer it by the proxy rules; ONE conditional store transaction writes it all (with
   * the record of a retraction or a cancel), judged again when the auction moved. A refusal
   * (the rules of contracts' bid-retraction.ts, the member's monthly limit) writes nothing.
   */
  private async processCorrection(
    auctionId: string,
    queue: AuctionQueue,
    initial: AuctionBidState | null,
    item: CorrectionItem,
  ) {
    let state = initial;
    for (let attempt = 0; ; attempt++) {
      const plan = await this.planCorrection(auctionId, state, item);
      if (typeof plan === 'string') {
        item.reject(bidError(plan));
        return state;
      }
      const remainder = plan && (await this.writer.loadRemainder(auctionId, plan.cancel));
      if (!plan || !remainder?.cancelled) {
        // A removal with nothing of the member's here (or on a closed auction) changes nothing.
        if (item.kind === 'reprice') item.resolve();
        else item.reject(bidError('BID_ALREADY_CANCELLED'));
        return state;
      }
      const base = remainder.top
        ? { priceFils: remainder.top.amountFils, leaderId: remainder.top.bidderId }
        : { priceFils: remainder.startingPriceFils, leaderId: null };
      const maxima = state!.maxima.filter((m) => m.userId !== plan.withdrawMaxOf);
      const answer = answerMaxima(base, maxima);
      const written = await this.writer.reprice(auctionId, state!, {
        ...plan,
        newPriceFils: answer.priceFils,
        automaticBids: answer.bids,
      });
      if (written === 'limit') {
        item.reject(bidError('BID_RETRACT_MONTHLY_LIMIT'));
        return state;
      }
      if (written) {
        const committedAt = performance.now();
        this.afterCommit(queue, async () => {
          const auction = await this.loadView(auctionId);
          this.events.publish(new AuctionRepricedEvent(auctionId, auction ?? undefined));
          this.publishPlaced(auctionId, written.bids, base.leaderId, committedAt, auction);
          if (item.kind === 'cancel') {
            this.events.publish(new BidCancelledEvent(auctionId, item.bidId, plan.cancel.bidderId, item.reason));
          }
          if (item.kind === 'reprice') item.resolve();
          else item.resolve({ auction });
        });
        return {
          ...state!,
          currentPriceFils: answer.priceFils,
          leaderId: answer.leaderId,
          maxima,
          maxBidsVersion: state!.maxBidsVersion + 1,
        };
      }
      if (attempt >= MAX_CONFLICT_RETRIES) {
        item.reject(bidError('AUCTION_BUSY'));
        return null;
      }
      state = await this.writer.loadState(auctionId);
    }
  }

  /**
   * What a correction takes away, judged against `state` (by the database clock): a refusal's
   * code (a retraction or a cancel the rules refuse), or null when a removal has nothing to do
   * (the auction takes no bids).
   */
  private async planCorrection(
    auctionId: string,
    state: AuctionBidState | null,
    item: CorrectionItem,
  ): Promise<CorrectionPlan | ErrorCode | null> {
    if (item.kind === 'reprice') {
      if (!state || closedReason(state, dbClock(state))) return null;
      // Their maximums are already gone (loadState leaves out a removed member's).
      return { cancel: { bidderId: item.memberId, automaticOnly: true } };
    }
    const closed = closedReason(state, dbClock(state));
    if (closed) return closed;
    const bid = await this.writer.loadBid(auctionId, item.bidId);
    if (item.kind === 'retract') {
      const refusal = retractionRefusal(state, bid, item.memberId, state!.dbNow);
      if (refusal) return refusal;
      return {
        // The typo and what the member placed after it, and the maximums' answers since (they
        // answered the typo): the remaining maximums answer again. Their earlier bids stand.
        cancel: { bidderId: item.memberId, fromSeq: bid!.seq, answersAfterSeq: bid!.seq },
        withdrawMaxOf: item.memberId,
        record: {
          bidId: item.bidId,
          kind: 'retraction',
          reason: item.reason,
          by: item.memberId,
          limit: { max: BID_RETRACTIONS_PER_PERIOD, days: BID_RETRACTION_PERIOD_DAYS },
        },
      };
    }
    const refusal = operatorCancelRefusal(state, bid, state!.dbNow);
    if (refusal) return refusal;
    return {
      // The bid, and the maximums' answers since (as a retraction's).
      cancel: { bidderId: bid!.bidderId, bidId: item.bidId, answersAfterSeq: bid!.seq },
      // An automatic bid's maximum would place it again at once: it goes with it.
      withdrawMaxOf: bid!.isAutomatic ? bid!.bidderId : undefined,
      record: { bidId: item.bidId, kind: 'operator', reason: item.reason, by: item.operatorId },
    };
  }

  /** The committed write stands even if this read fails; callers then re-read on their own. */
  private async loadView(auctionId: string): Promise<Auction | null> {
    try {
      return await this.readModel.findOne(auctionId, BIDS_IN_LIVE_VIEW);
    } catch (err) {
      this.logger.error({ err, auctionId }, 'Could not read the auction after a committed bid');
      return null;
    }
  }

  private afterCommit(queue: AuctionQueue, work: () => Promise<void>) {
    queue.tail = queue.tail.then(work).catch((err) => this.logger.error({ err }, 'Post-commit work failed'));
  }
}
