import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { auctionBusy } from '../../common/errors/app.exception';
import { RedisService } from '../../infrastructure/redis/redis.service';

/**
 * Deletes the lock only if we still own it (a lock that expired may belong to someone else),
 * and tells whether another replica is waiting for it (its waiting marker is set).
 */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
return redis.call('exists', KEYS[2])`;

/**
 * The Redis key of an auction's lock; its waiting marker is this plus `:waiting`. The auction's
 * id is the key's hash tag, so the release script's two keys share a hash slot (a script may
 * touch only keys of one slot on a Redis Cluster).
 */
export const auctionLockKey = (redis: RedisService, auctionId: string) =>
  redis.key('lock', 'auction', `{${auctionId}}`);

export interface HeldLock {
  /** Releases the lock; true when another replica was waiting for it. */
  release(): Promise<boolean>;
}

/**
 * One lock per auction across every replica: `SET key token NX PX ttl`, released by a
 * compare-and-delete script. Only the per-auction worker of each process asks for it (never
 * one request per bid), so a short back-off poll does not starve anyone. The lock buys
 * ordering and throughput; PostgreSQL's conditional writes stay the final arbiter.
 */
@Injectable()
export class AuctionLockService {
  static readonly TTL_MS = 5_000;
  static readonly MAX_WAIT_MS = 3_000;

  constructor(private readonly redis: RedisService) {}

  async acquire(auctionId: string, maxWaitMs = AuctionLockService.MAX_WAIT_MS): Promise<HeldLock> {
    const key = auctionLockKey(this.redis, auctionId);
    const waitingKey = `${key}:waiting`;
    const token = randomUUID();
    const deadline = Date.now() + maxWaitMs;
    let pause = 1;
    for (;;) {
      const ok = await this.redis.client.set(key, token, 'PX', AuctionLockService.TTL_MS, 'NX');
      if (ok === 'OK') {
        return { release: async () => (await this.redis.client.eval(RELEASE, 2, key, waitingKey, token)) === 1 };
      }
      if (Date.now() >= deadline) throw auctionBusy();
      // Tell the holder someone waits, so it steps aside after its turn instead of re-taking the lock.
      await this.redis.client.set(waitingKey, '1', 'PX', 50);
      await sleep(pause);
      pause = Math.min(pause * 2, 5);
    }
  }
}
