import { Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';
import { RedisService } from '../redis/redis.service';
import { RATE_LIMIT_POLICIES, RateLimitPolicyName } from './rate-limit.policies';

/**
 * Named request-rate limits backed by Redis (shared by every replica). Keys are whatever the
 * caller limits by: a client IP, an email, a member id. Exceeding a limit throws 429 with the
 * policy's code and a Retry-After. With `RATE_LIMITS=off` every method is a no-op.
 *
 *   await rateLimits.consume('bids-member', user.id);
 */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<RateLimitPolicyName, RateLimiterRedis>();

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.rateLimitsEnabled;
  }

  /** Counts `points` against the key; throws 429 once the policy's limit is passed. */
  async consume(policy: RateLimitPolicyName, key: string, points = 1): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.limiter(policy).consume(key, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw this.exceeded(policy, err);
      throw err;
    }
  }

  /**
   * Counts `points` against the key without throwing (for counting failures after the fact,
   * e.g. a wrong password: that attempt still gets its own answer, the next one is refused).
   */
  async penalize(policy: RateLimitPolicyName, key: string, points = 1): Promise<void> {
    if (!this.enabled) return;
    await this.limiter(policy)
      .consume(key, points)
      .catch((err: unknown) => {
        if (!(err instanceof RateLimiterRes)) throw err;
      });
  }

  /** Throws 429 when the key has already used all its points (consumes nothing). */
  async assertAvailable(policy: RateLimitPolicyName, key: string): Promise<void> {
    if (!this.enabled) return;
    const res = await this.limiter(policy).get(key);
    if (res && res.consumedPoints >= RATE_LIMIT_POLICIES[policy].points) throw this.exceeded(policy, res);
  }

  /** Gives points back (e.g. when the action they paid for did not happen). */
  async reward(policy: RateLimitPolicyName, key: string, points = 1): Promise<void> {
    if (!this.enabled) return;
    await this.limiter(policy).reward(key, points);
  }

  /** Forgets the key's counter. */
  async reset(policy: RateLimitPolicyName, key: string): Promise<void> {
    if (!this.enabled) return;
    await this.limiter(policy).delete(key);
  }

  private limiter(policy: RateLimitPolicyName): RateLimiterRedis {
    let limiter = this.limiters.get(policy);
    if (!limiter) {
      const { points, durationSeconds } = RATE_LIMIT_POLICIES[policy];
      limiter = new RateLimiterRedis({
        storeClient: this.redis.client,
        keyPrefix: this.redis.key('rl', policy),
        points,
        duration: durationSeconds,
      });
      this.limiters.set(policy, limiter);
    }
    return limiter;
  }

  private exceeded(policy: RateLimitPolicyName, res: RateLimiterRes): AppException {
    const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return new AppException(RATE_LIMIT_POLICIES[policy].code, { retryAfter });
  }
}
