import { Injectable } from '@nestjs/common';
import { LIMITS } from '@mazad/contracts';
import { AppException } from '../../common/errors/app.exception';
import { type GiveBack, RateLimitService } from '../../infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AuthKeys } from '../auth-keys';
import { normalizeIdentifier } from '../accounts/identifiers';
import type { CodePurpose } from './code-purpose';

/** Undoes an acquired send slot (when the code could not be sent after all). */
export type ReleaseSendSlot = () => Promise<void>;

/**
 * Starts a cooldown unless one runs. KEYS[1] = the cooldown under the current name, KEYS[2…] =
 * its names under JWT_PREVIOUS_SECRET during a rotation; ARGV[1] = the cooldown in ms. Answers 0
 * when it started, else the ms left of the running one (-1: a cooldown without expiry).
 */
const COOLDOWN_SCRIPT = `
for _, key in ipairs(KEYS) do
  local left = redis.call('PTTL', key)
  if left ~= -2 then return left end
end
redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
return 0
`;

/**
 * How often a code may be sent to one identifier: a 60 s cooldown per purpose and identifier
 * (a rule of the code, always on) and at most 10 sends per hour per identifier (a rate limit,
 * lifted by RATE_LIMITS=off). Applied whether or not an account has that identifier, so the
 * answers do not reveal which identifiers exist.
 *
 * Both are named in Redis after an HMAC of the identifier (identifierKey), which a JWT_SECRET
 * rotation changes: a cooldown or a count kept under the previous secret's name still counts
 * until it expires (at most an hour after the switch), so a rotation never lets a member's
 * address be sent more codes than the limits allow.
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
    const [hourlyKey, ...formerKeys] = this.identifierKeys(identifier);
    const cooldownKeys = [hourlyKey, ...formerKeys].map((name) => this.redis.key('code-cooldown', purpose, name));
    const cooldownMs = LIMITS.otpResendCooldownSeconds * 1000;
    const leftMs = (await this.redis.client.eval(
      COOLDOWN_SCRIPT,
      cooldownKeys.length,
      ...cooldownKeys,
      cooldownMs,
    )) as number;
    if (leftMs !== 0) {
      const retryAfter = Math.max(1, Math.ceil((leftMs > 0 ? leftMs : cooldownMs) / 1000));
      throw new AppException('OTP_COOLDOWN', { retryAfter });
    }
    let giveBack: GiveBack;
    try {
      giveBack = await this.rateLimits.take([['code-sends-identifier', hourlyKey, formerKeys]]);
    } catch (err) {
      await this.redis.client.del(cooldownKeys[0]);
      throw err;
    }
    return async () => {
      await this.redis.client.del(cooldownKeys[0]);
      await giveBack();
    };
  }

  /** Identifiers are keyed by an HMAC of their normal form: no emails or phones in Redis keys. */
  identifierKey(identifier: string): string {
    return this.identifierKeys(identifier)[0];
  }

  /** The identifier's key under JWT_SECRET, then under JWT_PREVIOUS_SECRET during a rotation. */
  identifierKeys(identifier: string): string[] {
    return this.keys.identifiers.hmacs(normalizeIdentifier(identifier)).map((hex) => hex.slice(0, 32));
  }
}
