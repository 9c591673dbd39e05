import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import type { BidRetractionReason } from '@mazad/contracts';
import { AuctionReadModel } from '../../auctions';
import { AppException } from '../../common/errors/app.exception';
import { assertCanonicalId } from '../../common/validation/ids';
import { AdmissionTickets } from './admission-tickets';
import { AuctionLockService } from './auction-lock.service';
import { BidAdmission, QueuePace } from './bid-admission';
import { BidBatchTurn } from './bid-batch-turn';
import { BidWriter } from './bid-writer';
import { BuyNowTurn } from './buy-now-turn';
import { monotonicNow, wallNow } from './clock';
import { CorrectionTurn } from './correction-turn';
import { type CommitOrder, PostCommit } from './post-commit';
import {
  type BidOutcome,
  type BuyNowOutcome,
  type CorrectionOutcome,
  isOperatorWork,
  isSolo,
  type MaxBidOutcome,
  memberOf,
  type QueueItem,
  type QueueRequest,
  type SoloItem,
  takeBatch,
} from './queue-items';
import { StoredKeys } from './stored-keys';

export type { BidOutcome, BuyNowOutcome, CorrectionOutcome, MaxBidOutcome };

/** One auction's queue; `pace`: how fast it drains (BidAdmission's, which estimates a new item's wait by it). */
interface AuctionQueue extends CommitOrder {
  items: QueueItem[];
  running: boolean;
  pace: QueuePace;
}

/** How long one replica keeps an auction's lock while its queue is busy, before letting others in. */
const MAX_HOLD_MS = 50;
/** How long a replica steps aside after its turn when another replica waits for the lock. */
const STEP_ASIDE_MS = 10;

/**
 * The heart of the bid path (docs/adr/0007-bid-engine.md). Requests for one auction queue up in
 * arrival order inside this process; one drain per auction takes the auction's Redis lock and
 * gives the queue its turns — a batch (BidBatchTurn), a buy-now (BuyNowTurn), a correction
 * (CorrectionTurn) — each judged and written in one conditional statement: one request per
 * replica competes for the lock, and PostgreSQL stays the final arbiter (see BidWriter). A
 * member's request joins only if it can be answered in time, and leaves unjudged once it cannot
 * (BidAdmission: AUCTION_BUSY, nothing written).
 */
@Injectable()
export class BidSequencer implements OnApplicationShutdown {
  private readonly logger = new Logger(BidSequencer.name);
  private readonly queues = new Map<string, AuctionQueue>();
  private readonly turns: { bids: BidBatchTurn; buyNow: BuyNowTurn; correction: CorrectionTurn };

  constructor(
    private readonly locks: AuctionLockService,
    private readonly writer: BidWriter,
    readModel: AuctionReadModel,
    events: EventBus,
    private readonly admission: BidAdmission,
    private readonly tickets: AdmissionTickets,
  ) {
    const post = new PostCommit(readModel, events, this.logger);
    this.turns = {
      bids: new BidBatchTurn(writer, post, new StoredKeys(writer)),
      buyNow: new BuyNowTurn(writer, post),
      correction: new CorrectionTurn(writer, post),
    };
  }

  /**
   * `idempotencyKey`: the client's key for this bid, stored with it: a retry of a committed bid
   * is answered with that bid, even once Redis forgot the key (StoredKeys). `arrivedAt` (here
   * and below): `monotonicNow()` when the request reached the process.
   */
  placeBid(
    auctionId: string,
    bidderId: string,
    amountFils: number,
    idempotencyKey?: string,
    arrivedAt = monotonicNow(),
  ): Promise<BidOutcome> {
    return this.enqueue(auctionId, { kind: 'bid', bidderId, amountFils, idempotencyKey, arrivedAt });
  }

  /**
   * Sets (or changes) the member's maximum (R-MAX-BID), in the same order and batches as bids,
   * so its automatic bids are written by the same conditional statement.
   */
  setMaxBid(auctionId: string, userId: string, amountFils: number, arrivedAt = monotonicNow()): Promise<MaxBidOutcome> {
    return this.enqueue(auctionId, { kind: 'max', userId, amountFils, arrivedAt });
  }

  /** Withdraws the member's maximum, refused while they hold the price (R-MAX-BID). */
  withdrawMaxBid(auctionId: string, userId: string, arrivedAt = monotonicNow()): Promise<MaxBidOutcome> {
    return this.enqueue(auctionId, { kind: 'withdraw', userId, arrivedAt });
  }

  /** `expectedFils`: the buy-now price the buyer saw; the purchase is refused when it differs. */
  buyNow(
    auctionId: string,
    buyerId: string,
    buyerName: string,
    expectedFils?: number,
    arrivedAt = monotonicNow(),
  ): Promise<BuyNowOutcome> {
    return this.enqueue(auctionId, { kind: 'buy', buyerId, buyerName, expectedFils, arrivedAt });
  }

  /**
   * Recomputes an open auction after an operator removed `memberId` (R-MAX-BID-REMOVAL): in this
   * auction's order, like a bid, so it cannot race one. Resolves once written (or when nothing
   * had to change: the auction is closed or no standing automatic bid of the member is on it).
   */
  repriceWithoutMember(auctionId: string, memberId: string): Promise<void> {
    return this.enqueue(auctionId, { kind: 'reprice', memberId });
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
    arrivedAt = monotonicNow(),
  ): Promise<CorrectionOutcome> {
    return this.enqueue(auctionId, { kind: 'retract', memberId, bidId, reason, arrivedAt });
  }

  /** An operator cancels the bid `bidId` (R-BID-OPERATOR-CANCEL), in this auction's order. */
  cancelBid(auctionId: string, operatorId: string, bidId: string, reason: string): Promise<CorrectionOutcome> {
    return this.enqueue(auctionId, { kind: 'cancel', operatorId, bidId, reason });
  }

  /**
   * Throws AUCTION_BUSY when a request that arrived at `arrivedAt` would be refused by the
   * auction's queue now, counting as queued the requests admitted at the door and on their way
   * (AdmissionTickets): the transports ask at the door (BidActions.admit), before a Redis round
   * trip or a rate-limit point is spent on a request the queue would refuse anyway. A check only.
   */
  assertAdmits(auctionId: string, arrivedAt: number): void {
    const queued = this.queues.get(auctionId)?.items.length ?? 0;
    this.admission.assertAdmitsInto(auctionId, queued + this.tickets.onTheirWay(auctionId), arrivedAt);
  }

  /** Lets queued work finish before the process exits (graceful shutdown). */
  async onApplicationShutdown(): Promise<void> {
    const deadline = wallNow() + 5_000;
    while (this.queues.size > 0 && wallNow() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  /** Queues `request`; its promise is answered by the turn that takes it (or by a refusal). */
  private enqueue<T>(auctionId: string, request: QueueRequest): Promise<T> {
    return new Promise((resolve, reject) => this.join(auctionId, { ...request, resolve, reject } as QueueItem));
  }

  private join(auctionId: string, item: QueueItem) {
    // The queue, the Redis lock and the broadcast room all key on this string (see canonicalId).
    assertCanonicalId(auctionId);
    let queue = this.queues.get(auctionId);
    if (!isOperatorWork(item)) {
      // It arrived: the queue counts it from now on, no longer its ticket.
      this.tickets.arrived(auctionId, memberOf(item));
      // Refused at once, before it waits (thrown inside the caller's promise: its rejection).
      this.admission.assertAdmitsInto(auctionId, queue?.items.length ?? 0, item.arrivedAt);
    }
    if (!queue) {
      queue = { items: [], running: false, tail: Promise.resolve(), pace: this.admission.queueOpened(auctionId) };
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
      while (this.admission.sweepLate(queue.items) > 0) {
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
          const heldSince = wallNow();
          // The lock may have been long in coming: what waited past its deadline is refused before anything is read.
          if (this.admission.sweepLate(queue.items) === 0) continue;
          let state = await this.writer.loadState(auctionId);
          while (this.admission.sweepLate(queue.items) > 0 && wallNow() - heldSince < MAX_HOLD_MS) {
            const solo = isSolo(queue.items[0]) ? (queue.items.shift() as SoloItem) : null;
            const batch = solo ? null : takeBatch(queue.items);
            try {
              if (solo?.kind === 'buy') state = await this.turns.buyNow.take(auctionId, queue, state, solo);
              else if (solo) state = await this.turns.correction.take(auctionId, queue, state, solo);
              else state = await this.turns.bids.take(auctionId, queue, state, batch!);
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
      // Items that arrived while this drain was finishing: a new drain (see join) takes them.
      if (queue.items.length > 0) void this.drain(auctionId, queue);
      // Else the emptied queue is dropped once its post-commit work is done (admission keeps its pace).
      else await queue.tail.finally(() => queue.items.length === 0 && !queue.running && this.forget(auctionId));
    }
  }

  private forget(auctionId: string) {
    this.queues.delete(auctionId);
    this.admission.queueEmptied(auctionId);
  }
}
