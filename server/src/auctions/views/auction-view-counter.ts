import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { assertCanonicalId } from '../../common/validation/ids';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { WorkerRole } from '../../infrastructure/roles/worker-role';
import { AuctionStore } from '../store/auction-store';

/** A visitor's views of one auction count once per this window. */
export const VIEW_WINDOW_SECONDS = 3600;
/** How often each worker process moves the counted views into PostgreSQL (one statement per flush). */
export const VIEW_FLUSH_INTERVAL_MS = 5_000;
/** The flush timer's name in Nest's SchedulerRegistry (a test stops it to flush by hand). */
export const VIEW_FLUSH_TIMER = 'auction-views-flush';

/**
 * Auction page views without a database write per request. A view counts only the first
 * time a visitor (a member id, else the client IP) opens an auction within the window: a
 * `SET NX EX` marker in Redis decides, atomically, whatever the concurrency. Counted views
 * go to a Redis hash (`HINCRBY`), shared by every process, and every few seconds a worker
 * process (WorkerRole) takes the whole hash (`RENAME`, atomic, so two workers never flush the
 * same views) and adds it to `auctions.view_count` in one UPDATE. Until then the detail page
 * adds the pending count.
 * A page read while a flush is in flight can show the count one batch short for a moment
 * (the database row was read before the UPDATE, the pending hash after the RENAME): a
 * display figure, accepted rather than a cross-store lock on every page view.
 */
@Injectable()
export class AuctionViewCounter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuctionViewCounter.name);

  constructor(
    private readonly redis: RedisService,
    private readonly store: AuctionStore,
    private readonly workerRole: WorkerRole,
  ) {}

  onApplicationBootstrap() {
    this.workerRole.every(VIEW_FLUSH_TIMER, VIEW_FLUSH_INTERVAL_MS, () => this.flush());
  }

  private get pendingKey() {
    return this.redis.key('views', 'pending');
  }

  /** Records a view; answers the auction's views not yet in the database (this one included). */
  async record(auctionId: string, visitor: string): Promise<number> {
    // The seen marker and the pending count key on this string (see canonicalId).
    assertCanonicalId(auctionId);
    const visitorHash = createHash('sha256').update(visitor).digest('base64url').slice(0, 22);
    const marker = this.redis.key('views', 'seen', auctionId, visitorHash);
    const first = await this.redis.client.set(marker, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX');
    if (first === 'OK') return this.redis.client.hincrby(this.pendingKey, auctionId, 1);
    return Number((await this.redis.client.hget(this.pendingKey, auctionId)) ?? 0);
  }

  async flush(): Promise<void> {
    const batchKey = this.redis.key('views', 'flushing', randomUUID());
    try {
      await this.redis.client.rename(this.pendingKey, batchKey);
    } catch {
      return; // nothing pending (ERR no such key)
    }
    const counts = await this.redis.client.hgetall(batchKey);
    const ids = Object.keys(counts);
    try {
      if (ids.length) await this.store.addViews(new Map(ids.map((id) => [id, Number(counts[id])])));
      await this.redis.client.del(batchKey);
    } catch (err) {
      // Put the views back for the next flush rather than lose them.
      this.logger.warn({ err }, 'View flush failed; will retry');
      const back = this.redis.client.multi();
      for (const id of ids) back.hincrby(this.pendingKey, id, Number(counts[id]));
      await back.del(batchKey).exec();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush().catch(() => undefined);
  }
}
