import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { RedisService } from './redis.service';

/** How often each replica reads Redis's memory use (one INFO command). */
export const REDIS_MEMORY_CHECK_MS = 60_000;

/** Redis's memory use as last read. `maxBytes` 0: Redis has no maxmemory (nothing to compare with). */
export interface RedisMemory {
  usedBytes: number;
  maxBytes: number;
  /** used / max in percent, null without maxmemory. */
  percent: number | null;
  /** At or above REDIS_MEMORY_ALERT_PERCENT of maxmemory. */
  alert: boolean;
  checkedAt: string;
}

const field = (info: string, name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? 0);

/**
 * Watches Redis's memory against its maxmemory. Redis runs with `noeviction`
 * (docker/compose.yml): full, it refuses writes (locks, end jobs, rate-limit counters, codes,
 * the socket adapter) rather than silently evicting them, so operators must
 * hear before that: above REDIS_MEMORY_ALERT_PERCENT each check logs at error level, and the
 * metrics show the last reading (RedisMetrics: mazad_redis_memory_*_bytes).
 */
@Injectable()
export class RedisMemoryWatch implements OnApplicationBootstrap {
  private readonly logger = new Logger(RedisMemoryWatch.name);
  private last: RedisMemory | null = null;

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  /** The last reading (null before the first one). */
  get latest(): RedisMemory | null {
    return this.last;
  }

  onApplicationBootstrap() {
    // Not awaited: start-up does not wait for a first reading; checkQuietly logs its own failure.
    void this.checkQuietly();
  }

  @Interval(REDIS_MEMORY_CHECK_MS)
  async checkQuietly(): Promise<void> {
    await this.check().catch((err: unknown) => this.logger.warn({ err }, 'Could not read Redis memory use'));
  }

  async check(): Promise<RedisMemory> {
    const info = await this.redis.client.info('memory');
    const usedBytes = field(info, 'used_memory');
    const maxBytes = field(info, 'maxmemory');
    const percent = maxBytes > 0 ? Math.round((usedBytes / maxBytes) * 1000) / 10 : null;
    const alert = percent !== null && percent >= this.config.redisMemoryAlertPercent;
    this.last = { usedBytes, maxBytes, percent, alert, checkedAt: new Date().toISOString() };
    if (alert) {
      this.logger.error(
        { usedBytes, maxBytes, percent },
        `Redis memory at ${percent}% of maxmemory (alert at ${this.config.redisMemoryAlertPercent}%): writes fail when full`,
      );
    }
    return this.last;
  }
}
