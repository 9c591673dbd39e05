import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { Auction, AuctionStatus } from '@mazad/contracts';
import { AuctionReadModel, BIDS_IN_LIVE_VIEW } from '../../auctions';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import { BidPlacedEvent } from '../../auctions/events/bid-placed.event';
import { AuctionLockService } from './auction-lock.service';
import { bidError, buyNowRefusal, closedReason, judgeBids } from './bid-rules';
import { AuctionBidState, BidWriter, WrittenBid } from './bid-writer';

/** `auction` is the auction after the batch; null only if re-reading it failed after commit. */
export interface BidOutcome {
  bid: WrittenBid;
  auction: Auction | null;
}

export interface BuyNowOutcome {
  auction: Auction | null;
}

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type QueueItem =
  | ({ kind: 'bid'; bidderId: string; amountFils: number } & Pending<BidOutcome>)
  | ({ kind: 'buy'; buyerId: string; buyerName: string; expectedFils?: number } & Pending<BuyNowOutcome>);

type BidItem = Extract<QueueItem, { kind: 'bid' }>;

interface AuctionQueue {
  items: QueueItem[];
  running: boolean;
  /** Post-commit work (view, answers, events) runs in commit order, beside the next write. */
  tail: Promise<void>;
}

/** Bids judged and written in one statement at most. */
const MAX_BATCH = 200;
/** How long one replica keeps an auction's lock while its queue is busy, before letting others in. */
const MAX_HOLD_MS = 50;
/** How long a replica steps aside after its turn when another replica waits for the lock. */
const STEP_ASIDE_MS = 10;
/** Re-reads allowed when the database refuses a batch because the auction moved underneath. */
const MAX_CONFLICT_RETRIES = 5;

/**
 * The heart of the bid path. Requests for one auction queue up in arrival order inside this
 * process; one worker per auction takes the auction's Redis lock, judges a batch of queued
 * bids against the auction and writes the accepted ones in a single conditional statement.
 * So at most one request per replica competes for the lock, round trips inside the lock are
 * one per batch, and PostgreSQL stays the final arbiter (see BidWriter).
 */
@Injectable()
export class BidSequencer implements OnApplicationShutdown {
  private readonly logger = new Logger(BidSequencer.name);
  private readonly queues = new Map<string, AuctionQueue>();

  constructor(
    private readonly locks: AuctionLockService,
    private readonly writer: BidWriter,
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
  ) {}

  placeBid(auctionId: string, bidderId: string, amountFils: number): Promise<BidOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'bid', bidderId, amountFils, resolve, reject }),
    );
  }

  /** `expectedFils`: the buy-now price the buyer saw; the purchase is refused when it differs. */
  buyNow(auctionId: string, buyerId: string, buyerName: string, expectedFils?: number): Promise<BuyNowOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue(auctionId, { kind: 'buy', buyerId, buyerName, expectedFils, resolve, reject }),
    );
  }

  /** Lets queued work finish before the process exits (graceful shutdown). */
  async onApplicationShutdown(): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (this.queues.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  private enqueue(auctionId: string, item: QueueItem) {
    let queue = this.queues.get(auctionId);
    if (!queue) {
      queue = { items: [], running: false, tail: Promise.resolve() };
      this.queues.set(auctionId, queue);
    }
    queue.items.push(item);
    if (!queue.running) void this.drain(auctionId, queue);
  }

  private async drain(auctionId: string, queue: AuctionQueue) {
    queue.running = true;
    try {
      while (queue.items.length > 0) {
        let lock;
        try {
          lock = await this.locks.acquire(auctionId);
        } catch (err) {
          for (const item of queue.items.splice(0)) item.reject(err);
          break;
        }
        try {
          const heldSince = Date.now();
          let state = await this.writer.loadState(auctionId);
          while (queue.items.length > 0 && Date.now() - heldSince < MAX_HOLD_MS) {
            state =
              queue.items[0].kind === 'buy'
                ? await this.processBuyNow(
                    auctionId,
                    queue,
                    state,
                    queue.items.shift() as Extract<QueueItem, { kind: 'buy' }>,
                  )
                : await this.processBids(auctionId, queue, state, this.takeBids(queue));
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
      if (queue.items.length > 0) void this.drain(auctionId, queue);
      else await queue.tail.finally(() => queue.items.length === 0 && !queue.running && this.queues.delete(auctionId));
    }
  }

  private takeBids(queue: AuctionQueue): BidItem[] {
    let n = 0;
    while (n < queue.items.length && n < MAX_BATCH && queue.items[n].kind === 'bid') n++;
    return queue.items.splice(0, n) as BidItem[];
  }

  private async processBids(auctionId: string, queue: AuctionQueue, initial: AuctionBidState | null, batch: BidItem[]) {
    let state = initial;
    for (let attempt = 0; ; attempt++) {
      const closed = closedReason(state);
      if (closed) {
        for (const item of batch) item.reject(bidError(closed));
        return state;
      }
      const { accepted, rejected, priceFils } = judgeBids(state!, batch);
      if (accepted.length === 0) {
        for (const { bid, code } of rejected) bid.reject(bidError(code));
        return state;
      }
      const written = await this.writer.writeBids(auctionId, state!.currentPriceFils, accepted);
      if (!written) {
        // The auction moved (another replica, an edit, the end job): re-read and judge again.
        if (attempt >= MAX_CONFLICT_RETRIES) {
          for (const item of batch) item.reject(bidError('AUCTION_BUSY'));
          return null;
        }
        state = await this.writer.loadState(auctionId);
        continue;
      }
      for (const { bid, code } of rejected) bid.reject(bidError(code));
      const previousLeader = state!.leaderId;
      const next: AuctionBidState = {
        ...state!,
        currentPriceFils: priceFils,
        endTime: written.endTime,
        leaderId: written.bids[written.bids.length - 1].bidderId,
      };
      this.afterCommit(queue, async () => {
        const auction = await this.loadView(auctionId);
        let leader = previousLeader;
        written.bids.forEach((bid, i) => {
          const outbid = leader && leader !== bid.bidderId ? leader : null;
          this.events.publish(
            new BidPlacedEvent(
              auctionId,
              bid.id,
              bid.bidderId,
              bid.amountFils,
              outbid,
              bid.createdAt,
              auction ?? undefined,
            ),
          );
          leader = bid.bidderId;
          accepted[i].resolve({ bid, auction });
        });
      });
      return next;
    }
  }

  private async processBuyNow(
    auctionId: string,
    queue: AuctionQueue,
    initial: AuctionBidState | null,
    item: Extract<QueueItem, { kind: 'buy' }>,
  ) {
    let state = initial;
    for (let attempt = 0; ; attempt++) {
      const refusal = buyNowRefusal(state, item.buyerId, item.expectedFils);
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
