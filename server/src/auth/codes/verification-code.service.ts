import { Injectable, Logger } from '@nestjs/common';
import { LIMITS } from '@mazad/contracts';
import { randomInt } from 'node:crypto';
import { AppException } from '../../common/errors/app.exception';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AuthKeys } from '../auth-keys';
import type { CodePurpose } from './code-purpose';
import { CodeSendThrottle } from './code-send-throttle.service';

export type { CodePurpose } from './code-purpose';

export interface SendCodeOptions {
  purpose: CodePurpose;
  /** Where the request said to send it (email or phone): the cooldown and hourly limit count on it. */
  identifier: string;
  /**
   * Whose code this is (an account id, a reset handle). Without one nothing is issued or sent,
   * but the answer and the throttling stay the same (unknown or already verified accounts).
   */
  subject?: string | null;
  /** Stored beside the code and returned by check() (a reset handle's account id). */
  payload?: string;
  /**
   * Hands the code over for delivery (queues the email or Telegram message: see
   * infrastructure/deliveries). Without one the code is stored but never sent.
   */
  deliver?: (code: string) => Promise<void>;
}

/**
 * Checks a code atomically. KEYS[1] = code record, ARGV[1] = tries allowed, ARGV[2…] = hashes
 * of the offered code (one per key during a JWT_SECRET rotation: one wrong code is one try,
 * however many). Returns {status, value}: ok (payload; record deleted), wrong (tries left),
 * burnt (no tries left; the code no longer works), missing (expired / none).
 */
const CHECK_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'h')
if not stored then
  if redis.call('HGET', KEYS[1], 'burnt') then return {'burnt', ''} end
  return {'missing', ''}
end
for i = 2, #ARGV do
  if stored == ARGV[i] then
    local payload = redis.call('HGET', KEYS[1], 'p') or ''
    redis.call('DEL', KEYS[1])
    return {'ok', payload}
  end
end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
local left = tonumber(ARGV[1]) - tries
if left <= 0 then
  redis.call('HDEL', KEYS[1], 'h', 'p')
  redis.call('HSET', KEYS[1], 'burnt', '1')
  return {'burnt', ''}
end
return {'wrong', tostring(left)}
`;

/** What a code's hash covers: the code bound to its purpose and subject. */
const codeText = (purpose: CodePurpose, subject: string, code: string) => `${purpose}:${subject}:${code}`;

/**
 * One-time 6-digit codes (account verification over email or Telegram, password reset).
 * Only an HMAC of the code is stored, in Redis, for 10 minutes; 5 wrong tries burn it; a new
 * code replaces the previous one; a correct check uses it up. The same store serves
 * POST /auth/verify, POST /otp/verify-otp and POST /auth/reset-password. During a JWT_SECRET
 * rotation a code hashed before the switch is checked under the previous secret's key too, so
 * the codes of the last 10 minutes keep working (DerivedKey).
 */
@Injectable()
export class VerificationCodeService {
  private readonly logger = new Logger(VerificationCodeService.name);

  constructor(
    private readonly redis: RedisService,
    private readonly keys: AuthKeys,
    private readonly throttle: CodeSendThrottle,
  ) {}

  /** Redis key of a code record (exposed for tests). */
  key(purpose: CodePurpose, subject: string): string {
    return this.redis.key('code', purpose, subject);
  }

  /**
   * Throttles (429 OTP_COOLDOWN / OTP_SEND_LIMIT), then issues a fresh code and hands it to
   * `deliver`. If it cannot even be queued nothing stays behind: the new code is burnt, the
   * cooldown and the hourly count are given back, and 502 OTP_SEND_FAILED is thrown. A queued
   * message that later fails for good (after its retries) keeps the cooldown: the member asks
   * again once it is over.
   */
  async send(options: SendCodeOptions): Promise<void> {
    const release = await this.throttle.acquire(options.purpose, options.identifier);
    if (!options.subject) return;
    const code = await this.issue(options.purpose, options.subject, options.payload);
    if (!options.deliver) return;
    try {
      await options.deliver(code);
    } catch (err) {
      this.logger.error(`Could not queue a ${options.purpose} code: ${(err as Error).message}`);
      await this.burn(options.purpose, options.subject);
      await release();
      throw new AppException('OTP_SEND_FAILED');
    }
  }

  /** Whether a record (live or burnt) is stored under the subject. */
  async exists(purpose: CodePurpose, subject: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(purpose, subject))) === 1;
  }

  /** Stores a fresh random code (replacing any previous one, tries reset) and returns it. */
  async issue(purpose: CodePurpose, subject: string, payload = ''): Promise<string> {
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    const key = this.key(purpose, subject);
    await this.redis.client
      .multi()
      .del(key)
      .hset(key, { h: this.hash(purpose, subject, code), p: payload, tries: 0 })
      .pexpire(key, LIMITS.otpTtlSeconds * 1000)
      .exec();
    return code;
  }

  /**
   * Checks a code and uses it up; returns its payload. Throws 400 OTP_INVALID (with
   * attemptsLeft), OTP_TOO_MANY_ATTEMPTS once 5 wrong tries burnt it, OTP_EXPIRED when there
   * is no live code.
   */
  async check(purpose: CodePurpose, subject: string, code: string): Promise<string> {
    const [status, value] = (await this.redis.client.eval(
      CHECK_SCRIPT,
      1,
      this.key(purpose, subject),
      LIMITS.otpMaxAttempts,
      ...this.keys.codes.hmacs(codeText(purpose, subject, code)),
    )) as [string, string];
    switch (status) {
      case 'ok':
        return value;
      case 'wrong':
        throw new AppException('OTP_INVALID', { attemptsLeft: Number(value) });
      case 'burnt':
        throw new AppException('OTP_TOO_MANY_ATTEMPTS');
      default:
        throw new AppException('OTP_EXPIRED');
    }
  }

  async burn(purpose: CodePurpose, subject: string): Promise<void> {
    await this.redis.client.del(this.key(purpose, subject));
  }

  private hash(purpose: CodePurpose, subject: string, code: string): string {
    return this.keys.codes.hmac(codeText(purpose, subject, code));
  }
}
