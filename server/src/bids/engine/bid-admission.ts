import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig, type BidAdmissionLimits } from '../../config/app-config';
import { auctionBusy } from '../../common/errors/app.exception';
import { type AdmissionRefusal, BidMetrics } from '../../infrastructure/metrics';
import { AuctionLockService } from './auction-lock.service';
import { monotonicNow } from './clock';

/** Bids judged and written in one statement at most (the sequencer's batch). */
export const MAX_BATCH = 200;

/** Emptied queues whose pace is kept (a Map in insertion order: the oldest is dropped first). */
const MAX_IDLE_PACES = 1_000;
/** Weight of the newest sample in the moving averages (a queue's turn, the event-loop lag). */
const EWMA_WEIGHT = 0.2;
/** How often the event-loop lag is sampled. */
const LAG_SAMPLE_MS = 20;

/**
 * What one auction's queue knows of its own pace: the moving average of a turn (taking a batch
 * off the queue, or waiting for the lock to take one, until its judgement is written).
 */
export class QueuePace {
  private turnMs = 0;
  private turnStartedAt: number | null = null;

  /** Items wait: a turn starts, unless one is under way (the next batch's wait for the lock is part of it). */
  turnStarted(now = monotonicNow()): void {
    this.turnStartedAt ??= now;
  }

  /** The turn under way is over: it counts toward the average. */
  turnEnded(now = monotonicNow()): void {
    if (this.turnStartedAt === null) return;
    const ms = now - this.turnStartedAt;
    this.turnMs = this.turnMs === 0 ? ms : this.turnMs + EWMA_WEIGHT * (ms - this.turnMs);
    this.turnStartedAt = null;
  }

  /** The drain stopped (its queue is empty, or it failed): no turn is under way. */
  idle(): void {
    this.turnStartedAt = null;
  }

  /**
   * How long an item queued behind `queued` others waits for the batches ahead of its own.
   * Counted in turns, not items: each turn takes up to MAX_BATCH items at once (one statement),
   * so an item within the next batch waits for no full turn whatever the queue's recent arrival
   * rate (a per-item drain rate learnt from a calm queue's small batches would mistake a burst
   * for an overload). So the next batch is always admitted and stays full under overload: the
   * engine keeps its throughput, however slow a turn. A turn running late is not counted: under
   * a loaded database turns are erratic, and refusing on every late one kept the batches small
   * and the engine at a quarter of its throughput; a queue truly stuck (the lock held elsewhere)
   * is bounded by the deadline instead (BidAdmission.lockWaitMs).
   */
  estimatedWaitMs(queued: number): number {
    return Math.floor(queued / MAX_BATCH) * this.turnMs;
  }
}

/**
 * Admission control on the bid path (R-BID-BUSY, docs/reliability.md, "Overload"): an engine past what it
 * can answer in time says "busy, try again" at once (AUCTION_BUSY, 503 with Retry-After) instead
 * of holding a bid for seconds — a bid answered late has lost the auction without the member
 * knowing. Three checks, each cheap (no database, no Redis, no log line):
 * - at enqueue, per auction: the queue's length (a hard cap) and its estimated wait (QueuePace);
 * - at enqueue, per process: the event loop's lag — a CPU-saturated process queues requests in
 *   its sockets before any queue of ours sees them, so only the lag tells;
 * - at dequeue, per item: its deadline from its arrival at the process (the HTTP request's start,
 *   the socket event's arrival). Such an item is refused unjudged and nothing is written, so
 *   the refusal is always safe to retry. The queue waits for its auction's lock (held by another
 *   replica) no longer than the deadline either: past it, everything queued is refused.
 * A refusal says "retry in a second" (Retry-After: 1); clients add jitter (docs/reliability.md).
 * Operator work (a reprice after a removal) is never refused. It keeps each auction's QueuePace
 * (and, for a while, the pace of a queue that emptied) beside these limits. Every time it reads
 * is the process's monotonic clock (engine/clock.ts).
 */
@Injectable()
export class BidAdmission implements OnModuleDestroy {
  readonly limits: BidAdmissionLimits;
  private lagMs = 0;
  private readonly sampler?: NodeJS.Timeout;
  /** The pace of each auction whose queue is open (BidSequencer), by auction. */
  private readonly paces = new Map<string, QueuePace>();
  /**
   * The pace of the auctions whose queue emptied lately (the most recent MAX_IDLE_PACES): a storm
   * empties its queue between bursts, and a queue that forgot its pace would admit the next
   * burst blind.
   */
  private readonly idlePaces = new Map<string, QueuePace>();

  constructor(
    config: AppConfig,
    private readonly metrics: BidMetrics,
  ) {
    this.limits = config.bidAdmission;
    if (this.limits.eventLoopLagLimitMs > 0) {
      let last = monotonicNow();
      this.sampler = setInterval(() => {
        const now = monotonicNow();
        const lag = Math.max(0, now - last - LAG_SAMPLE_MS);
        last = now;
        this.lagMs += EWMA_WEIGHT * (lag - this.lagMs);
      }, LAG_SAMPLE_MS);
      this.sampler.unref();
    }
  }

  /** How long a queue waits for its auction's lock before refusing what it holds (`lock`). */
  get lockWaitMs(): number {
    return Math.min(AuctionLockService.MAX_WAIT_MS, this.limits.deadlineMs);
  }

  /** Counts `count` requests refused because the auction's lock was not had within lockWaitMs. */
  lockNotHad(count: number): void {
    this.metrics.admissionRefused('lock', count);
  }

  onModuleDestroy(): void {
    clearInterval(this.sampler);
  }

  /** The auction's queue opens: its pace, the one it had when it last emptied if still kept. */
  queueOpened(auctionId: string): QueuePace {
    const pace = this.idlePaces.get(auctionId) ?? new QueuePace();
    this.idlePaces.delete(auctionId);
    this.paces.set(auctionId, pace);
    return pace;
  }

  /** The auction's queue emptied and closed: its pace is kept for its next one. */
  queueEmptied(auctionId: string): void {
    const pace = this.paces.get(auctionId);
    if (!pace) return;
    this.paces.delete(auctionId);
    this.idlePaces.set(auctionId, pace);
    if (this.idlePaces.size > MAX_IDLE_PACES) this.idlePaces.delete(this.idlePaces.keys().next().value!);
  }

  /**
   * Throws AUCTION_BUSY (counted by reason) when a request that arrived at `arrivedAt` must not
   * join the auction's queue with `inbound` requests ahead of it (queued, or admitted at the door
   * and on their way), at the pace of its open queue.
   */
  assertAdmitsInto(auctionId: string, inbound: number, arrivedAt: number): void {
    this.assertAdmits(inbound, this.paces.get(auctionId), arrivedAt);
  }

  /**
   * The sweep of a queue: refuses, unjudged, its requests past their deadline (AUCTION_BUSY:
   * nothing of them was written, so a retry is always safe), keeps the others in order, and tells
   * how many remain. Every item is looked at, not only the next batch: a late item only gets
   * later. Operator work (no `arrivedAt`) is never late.
   */
  sweepLate(items: { arrivedAt?: number; reject: (error: unknown) => void }[]): number {
    const now = monotonicNow();
    let kept = 0;
    for (const item of items) {
      const late = item.arrivedAt !== undefined && this.pastDeadline(item.arrivedAt, now);
      if (late) item.reject(late);
      else items[kept++] = item;
    }
    items.length = kept;
    return kept;
  }

  /**
   * Throws AUCTION_BUSY (counted by reason) when an item that arrived at `arrivedAt`
   * (`monotonicNow()` then) must not join a queue holding `queued` items at `pace`.
   */
  assertAdmits(queued: number, pace: QueuePace | undefined, arrivedAt: number): void {
    const now = monotonicNow();
    const refusal = this.refusalAtEnqueue(queued, pace) ?? (this.isLate(arrivedAt, now) ? 'deadline' : null);
    if (refusal) this.refuse(refusal);
  }

  /** AUCTION_BUSY (counted) when an item that arrived at `arrivedAt` is past its deadline now; else null. */
  pastDeadline(arrivedAt: number, now = monotonicNow()): ReturnType<typeof auctionBusy> | null {
    if (!this.isLate(arrivedAt, now)) return null;
    this.metrics.admissionRefused('deadline');
    return auctionBusy();
  }

  private isLate(arrivedAt: number, now: number): boolean {
    return now - arrivedAt > this.limits.deadlineMs;
  }

  private refusalAtEnqueue(queued: number, pace: QueuePace | undefined): AdmissionRefusal | null {
    if (queued >= this.limits.maxQueued) return 'queue_full';
    if (pace && pace.estimatedWaitMs(queued) > this.limits.waitBudgetMs) return 'queue_wait';
    if (this.eventLoopBehind()) return 'event_loop';
    return null;
  }

  /**
   * Whether the event loop's lag refuses this request: none at the limit, then a growing share,
   * all of them at twice the limit. A share, not all at once: the refusals lower the load, the
   * lag falls back, and the process keeps answering what it can instead of swinging between
   * refusing everything and queueing everything.
   */
  private eventLoopBehind(): boolean {
    const limit = this.limits.eventLoopLagLimitMs;
    return limit > 0 && this.lagMs > limit && Math.random() < (this.lagMs - limit) / limit;
  }

  private refuse(reason: AdmissionRefusal): never {
    this.metrics.admissionRefused(reason);
    throw auctionBusy();
  }
}
