import { Injectable } from '@nestjs/common';
import { LIMITS } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import { RateLimitService } from '../../infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AuthKeys, hmacHex } from '../auth-keys';
import { normalizeIdentifier } from '../accounts/identifiers';
import type { CodePurpose } from './code-purpose';

/** Undoes an acquired send slot (when the code could not be sent after all). */
export type ReleaseSendSlot = () => Promise<void>;

/**
 * How often a code may be sent to one identifier: a 60 s cooldown per purpose and identifier
 * (a rule of the code, always on) and at most 10 sends per hour per identifier (a rate limit,
 * lifted by RATE_LIMITS=off). Applied whether or not an account has that identifier, so the
 * answers do not reveal which identifiers exist.
 */
@Injectable()
export class CodeSendThrottle {
  constructor(
    private readonly redis: RedisService,
    private readonly rateLimits: RateLimitService,
    private readonly keys: AuthKeys,
  ) {}

  /** Redis key of the cooldown (exposed for tests). */
  cooldownKey(purpose: CodePurpose, identifier: string): string {
    return this.redis.key('code-cooldown', purpose, this.identifierKey(identifier));
  }

  /**
   * Takes a send slot: throws 429 OTP_COOLDOWN (with Retry-After) during the cooldown and
   * 429 OTP_SEND_LIMIT past the hourly limit. Returns a function that gives the slot back.
   */
  async acquire(purpose: CodePurpose, identifier: string): Promise<ReleaseSendSlot> {
    const cooldownKey = this.cooldownKey(purpose, identifier);
    const cooldownMs = LIMITS.otpResendCooldownSeconds * 1000;
    const taken = await this.redis.client.set(cooldownKey, '1', 'PX', cooldownMs, 'NX');
    if (taken !== 'OK') {
      const leftMs = await this.redis.client.pttl(cooldownKey);
      const retryAfter = Math.max(1, Math.ceil((leftMs > 0 ? leftMs : cooldownMs) / 1000));
      throw new AppException('OTP_COOLDOWN', { retryAfter });
    }
    const hourlyKey = this.identifierKey(identifier);
    try {
      await this.rateLimits.consume('code-sends-identifier', hourlyKey);
    } catch (err) {
      await this.redis.client.del(cooldownKey);
      throw err;
    }
    return async () => {
      await this.redis.client.del(cooldownKey);
      await this.rateLimits.reward('code-sends-identifier', hourlyKey);
    };
  }

  /** Identifiers are keyed by an HMAC of their normal form: no emails or phones in Redis keys. */
  identifierKey(identifier: string): string {
    return hmacHex(this.keys.identifiers, normalizeIdentifier(identifier)).slice(0, 32);
  }
}
