import { Injectable } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';
import { RedisService } from '../redis/redis.service';
import {
  exemptFromRateLimits,
  RATE_LIMIT_POLICIES,
  RateLimitedMember,
  RateLimitPolicyName,
} from './rate-limit.policies';

/**
 * One counter an attempt is limited by: a policy and the key it counts (an email, an IP, a member
 * id). `formerKeys`: other names the same counter had until recently (a key named with an HMAC
 * under JWT_PREVIOUS_SECRET during a rotation, docs/runbook.md): their points count towards the
 * limit, nothing is added to them, and they expire on their own.
 */
export type LimitKey = readonly [policy: RateLimitPolicyName, key: string, formerKeys?: readonly string[]];

/** Gives back the points an attempt took (see RateLimitService.take). */
export type GiveBack = () => Promise<void>;

/**
 * Takes one point from every counter, all or nothing, in one atomic step. KEYS = each counter's
 * key followed by its former names; ARGV = (limit, window ms, number of former names) per
 * counter. A counter whose points (its own plus its former names') are at its limit takes
 * nothing, and the script answers its index (1-based) and the ms until a retry may pass (its
 * own key's expiry, or a former name's if that comes first and frees enough); otherwise 0. The counters are those of rate-limiter-flexible
 * (same keys, integer value, window = key expiry).
 */
const TAKE_SCRIPT = `
local taken = {}
local k = 1
for i = 1, #ARGV / 3 do
  local limit, window, former = tonumber(ARGV[3 * i - 2]), ARGV[3 * i - 1], tonumber(ARGV[3 * i])
  local key = KEYS[k]
  redis.call('SET', key, 0, 'PX', window, 'NX')
  local own = tonumber(redis.call('GET', key))
  local used, wait = own, redis.call('PTTL', key)
  for j = k + 1, k + former do
    local points = tonumber(redis.call('GET', KEYS[j]) or '0')
    if points > 0 then
      used = used + points
      -- Full only with the former names' points: it frees up when the first of them expires.
      if own < limit then wait = math.min(wait, redis.call('PTTL', KEYS[j])) end
    end
  end
  if used >= limit then return {i, wait} end
  taken[#taken + 1] = key
  k = k + 1 + former
end
for _, key in ipairs(taken) do redis.call('INCR', key) end
return {0, 0}
`;

/** Gives one point back to every counter that still exists (never below zero). */
const REFUND_SCRIPT = `
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n > 0 then redis.call('DECR', key) end
end
return 0
`;

/**
 * Named request-rate limits backed by Redis (shared by every replica). Keys are whatever the
 * caller limits by: a client IP, an email, a member id. Exceeding a limit throws 429 with the
 * policy's code and a Retry-After. With `RATE_LIMITS=off` every method is a no-op.
 *
 *   await rateLimits.consumeMember('bids-member', user);
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

  /** Counts one of the member's own actions (bids, buy-now) unless the member is exempt (load tests). */
  async consumeMember(policy: RateLimitPolicyName, member: RateLimitedMember): Promise<void> {
    if (exemptFromRateLimits(member)) return;
    await this.consume(policy, member.id);
  }

  /**
   * Runs a protected check (a password, a code) only when every counter still has room, and
   * counts it BEFORE it runs: one point is taken atomically from each counter (all or nothing,
   * in one Redis script), so however many requests race, at most `points` checks per window
   * ever run. A check that succeeds gets its points back (only failures stay counted); one
   * that throws keeps them. A full counter throws its policy's 429 and runs nothing.
   *
   *   const user = await rateLimits.attempt([['login-failures-email', email]], () => verify());
   */
  async attempt<T>(limits: readonly LimitKey[], check: () => Promise<T>): Promise<T> {
    const giveBack = await this.take(limits);
    const result = await check();
    await giveBack();
    return result;
  }

  /**
   * Takes one point from every counter, atomically and all or nothing, or throws the 429 of the
   * first full one (taking nothing). Returns a function that gives the points back (when the
   * action they paid for did not happen after all; never below zero).
   */
  async take(limits: readonly LimitKey[]): Promise<GiveBack> {
    if (!this.enabled || !limits.length) return async () => {};
    const keys = limits.flatMap(([policy, key, former = []]) =>
      [key, ...former].map((name) => this.counterKey(policy, name)),
    );
    const args = limits.flatMap(([policy, , former = []]) => {
      const { points, durationSeconds } = RATE_LIMIT_POLICIES[policy];
      return [points, durationSeconds * 1000, former.length];
    });
    const [full, msLeft] = (await this.redis.client.eval(TAKE_SCRIPT, keys.length, ...keys, ...args)) as [
      number,
      number,
    ];
    if (full > 0) {
      const policy = limits[full - 1][0];
      const retryAfter = Math.max(
        1,
        Math.ceil((msLeft > 0 ? msLeft : RATE_LIMIT_POLICIES[policy].durationSeconds * 1000) / 1000),
      );
      throw new AppException(RATE_LIMIT_POLICIES[policy].code, { retryAfter });
    }
    const counted = limits.map(([policy, key]) => this.counterKey(policy, key));
    return async () => {
      await this.redis.client.eval(REFUND_SCRIPT, counted.length, ...counted);
    };
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

  /** Forgets the key's counter. */
  async reset(policy: RateLimitPolicyName, key: string): Promise<void> {
    if (!this.enabled) return;
    await this.limiter(policy).delete(key);
  }

  /** The Redis key of a policy's counter (rate-limiter-flexible's `${keyPrefix}:${key}`). */
  private counterKey(policy: RateLimitPolicyName, key: string): string {
    return `${this.redis.key('rl', policy)}:${key}`;
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
