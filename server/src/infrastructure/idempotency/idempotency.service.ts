import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { ErrorCode } from '@mazad/contracts';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisService } from '../redis/redis.service';
import { AppException } from '../../common/errors/app.exception';
import { describeError } from '../../common/errors/error-body';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
/** Whether `key` is a well-formed idempotency key (1 to 100 of `A-Z a-z 0-9 _ . : -`); run() refuses others. */
export const isIdempotencyKey = (key: string): boolean => KEY_PATTERN.test(key);
const TTL_SECONDS = 24 * 3600;
/**
 * A running request's claim is a lease, not a 24 h record: when its replica dies before it
 * answers (kill -9, a crash), the key frees itself and a retry runs instead of being refused
 * for a day. A live request outlasting its lease lets a twin run beside it: bids are still
 * placed once (the key is stored with the bid, StoredKeys.refuse).
 */
export const PENDING_LEASE_SECONDS = 10;
/** A twin waits for the running request a little longer than its lease, so it always gets through. */
export const WAIT_FOR_TWIN_MS = (PENDING_LEASE_SECONDS + 2) * 1000;

/**
 * Most keys one member's answers are remembered under (within the records' 24 h). At the cap
 * the member's oldest key is dropped rather than the new one refused: a bidder in a fast
 * bidding war must never be told "too many keys" instead of having their bid placed, while an
 * old key is only a convenience by then (retries come seconds after the first attempt, not a
 * hundred submissions later), and a dropped key still cannot apply anything twice: a bid's key
 * is stored with the bid (StoredKeys.refuse) and a sold auction cannot be bought again.
 * With MAX_RECORD_BYTES this bounds one member's records to about 1.6 MB.
 */
export const MAX_KEYS_PER_MEMBER = 100;
/**
 * Largest answer recorded as sent, in bytes of its JSON. A bid answer is about 8.6 KB (the
 * whole auction with its last 20 bids: scripts/bench-bid-answer.mjs); asked with `view=live`
 * about 1.6 KB (the live view: its last 3 bids, ADR 0015), and the largest one the limits allow
 * (1,000-character Arabic description, 20 bidders with 100-character Arabic names) 13 KB.
 */
export const MAX_RECORD_BYTES = 16 * 1024;
/** Longest text kept from a too-large answer (its `message`, for instance). */
const COMPACT_TEXT_MAX = 500;
/** Most fields kept from a too-large answer (ours have a handful). */
const COMPACT_FIELDS_MAX = 10;

interface Stored {
  state: 'pending' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Codes that say "not now" rather than "no": never replayed, whatever their status. */
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['AUCTION_BUSY']);
/**
 * Refusals of the input's shape, given before the action looked at it. Not worth a record:
 * the client corrects the body and retries, and their size is the sender's choice (a refusal
 * lists the offending fields).
 */
const INPUT_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'VALIDATION_ERROR',
  'UNKNOWN_FIELD',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'INVALID_ID',
  'INVALID_CHARACTERS',
  'INPUT_TOO_DEEP',
  'UNSUPPORTED_CHARSET',
  'UNSUPPORTED_CONTENT_ENCODING',
  'BODY_UNREADABLE',
]);

/**
 * The one rule of what a key remembers: answers worth replaying, i.e. a success or a refusal
 * of the action itself (BID_TOO_LOW, AUCTION_NOT_OPEN…), which a retry of the same request
 * would get again. Too many requests (429), server failures (5xx) and a busy auction are
 * transient; refusals of the input's shape (INPUT_CODES) are the client's to correct. Either
 * frees the key as if it had never been used: a retry with the same key runs, whatever its
 * body (a corrected body is not a conflict).
 */
export function worthReplaying(status: number, body: unknown): boolean {
  if (status >= 500 || status === HttpStatus.TOO_MANY_REQUESTS) return false;
  const code = (body as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && (TRANSIENT_CODES.has(code) || INPUT_CODES.has(code)));
}

/**
 * What a too-large answer is recorded as: its top-level numbers, booleans and short texts (a
 * bid's `success` and `message`, an error's status, code and text), without the nested objects
 * that made it large. Its replay answers the same status with this summary: the action is
 * never applied again, and the client reads the current state as after any answer.
 */
function compact(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  const short = Object.entries(body).filter(
    ([, v]) =>
      typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= COMPACT_TEXT_MAX),
  );
  return Object.fromEntries(short.slice(0, COMPACT_FIELDS_MAX));
}

/**
 * Claims a key together with the member's cap, in one step so that parallel claims cannot
 * outrun it: a free key is set pending (the lease) and added to the member's index (a sorted
 * set by claim time; entries past the records' 24 h are trimmed), and when the index is full
 * its oldest keys are taken out of it. Answers {1, dropped key…} when claimed (the caller
 * deletes the dropped records), else {0, the earlier record} ('' when it vanished meanwhile:
 * claim again).
 * The script touches only the keys it is given (KEYS), both in the member's hash slot
 * (`memberIdempotencyKeys`): the dropped records are not given, so they are deleted after it,
 * by the caller. docs/operations.md, "Redis scripts".
 * KEYS: record, member index. ARGV: pending record, lease s, now ms, window ms, cap, index ttl s.
 */
const CLAIM_SCRIPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') then
  return {0, redis.call('GET', KEYS[1]) or ''}
end
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[4]))
local answer = {1}
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5]) + 1
if excess > 0 then
  local popped = redis.call('ZPOPMIN', KEYS[2], excess)
  for i = 1, #popped, 2 do
    if popped[i] ~= KEYS[1] then answer[#answer + 1] = popped[i] end
  end
end
redis.call('ZADD', KEYS[2], now, KEYS[1])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return answer
`;

/**
 * One member's idempotency keys in Redis: a record per (scope, key) and the index of them.
 * All carry the member's id as a hash tag (`{id}`), so the claim's keys and the records it
 * drops share one hash slot (a Redis Cluster runs the claim and deletes them on one node).
 */
export function memberIdempotencyKeys(redis: RedisService, userId: string) {
  const tag = `{${userId}}`;
  return {
    record: (scope: string, key: string) => redis.key('idem', tag, sha256(`${scope} ${key}`)),
    index: redis.key('idem-keys', tag),
    /** Every record of the member, as a KEYS / SCAN pattern. */
    records: `${redis.key('idem', tag)}:*`,
  };
}

/**
 * One submission that may carry an idempotency key, whatever the transport. `scope` names the
 * action and its target as the HTTP request does (`POST /api/auctions/<id>/bid`): a socket
 * event standing for that request uses the same scope and body, so a key is shared between
 * HTTP and the socket (docs/realtime.md, "Bids over the socket").
 */
export interface IdempotentRequest {
  userId: string;
  scope: string;
  /** The client's key (`Idempotency-Key` header, `idempotencyKey` of a socket event); none: no memory. */
  key: string | undefined;
  /** The request body as sent (its fingerprint tells a repeat from a reuse of the key). */
  body: unknown;
  /** The status a success answers (HTTP: the route's status code). */
  successStatus: number;
}

/**
 * What `run` answers: the work's result, or the recorded answer of an earlier twin (a success
 * or a refusal: `status` ≥ 400 and an error body, for the transport to answer as such).
 */
export type IdempotentAnswer<T> =
  { replayed: false; status: number; body: T } | { replayed: true; status: number; body: unknown };

/**
 * A request repeated with the same idempotency key (per member and scope) is applied once: the
 * first one runs, later ones get its recorded answer (`replayed`); a twin that arrives while
 * the first is still running waits for it. Only answers worth replaying are recorded (see
 * `worthReplaying`), each at most MAX_RECORD_BYTES (else in short, see `compact`), under at
 * most MAX_KEYS_PER_MEMBER keys per member: what one member can make Redis hold is bounded.
 * Reusing a key for a different body is 409 IDEMPOTENCY_CONFLICT; a malformed key is 400
 * VALIDATION_ERROR (both thrown). The work's own errors are thrown too, after being recorded.
 * Used by the HTTP interceptor and by the socket bids (one memory for both transports).
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(private readonly redis: RedisService) {}

  async run<T>(request: IdempotentRequest, work: () => Promise<T>): Promise<IdempotentAnswer<T>> {
    if (request.key === undefined) return { replayed: false, status: request.successStatus, body: await work() };
    if (!isIdempotencyKey(request.key)) throw new AppException('VALIDATION_ERROR');

    const keys = memberIdempotencyKeys(this.redis, request.userId);
    const key = keys.record(request.scope, request.key);
    const index = keys.index;
    const fingerprint = sha256(JSON.stringify(request.body ?? {}));
    const previous = await this.claim(key, index, fingerprint);
    if (previous) return this.replay<T>(previous, fingerprint);

    let body: T;
    try {
      body = await work();
    } catch (err) {
      const { status, body: errorBody } = describeError(err);
      await (worthReplaying(status, errorBody)
        ? this.record(key, fingerprint, status, errorBody)
        : this.redis.client.multi().del(key).zrem(index, key).exec());
      throw err;
    }
    // Not awaited: the answer need not wait for Redis; a twin waits on the pending claim meanwhile.
    this.record(key, fingerprint, request.successStatus, body).catch((err: unknown) =>
      this.logger.error({ err, scope: request.scope }, 'Could not record an idempotent answer'),
    );
    return { replayed: false, status: request.successStatus, body };
  }

  /** Claims the key; returns the earlier request's record when there is one (waiting for a running twin). */
  private async claim(key: string, index: string, fingerprint: string): Promise<Stored | null> {
    const pending = JSON.stringify({ state: 'pending', fingerprint } satisfies Stored);
    const deadline = Date.now() + WAIT_FOR_TWIN_MS;
    for (;;) {
      const now = Date.now();
      const [claimed, ...rest] = (await this.redis.client.eval(
        CLAIM_SCRIPT,
        2,
        key,
        index,
        pending,
        PENDING_LEASE_SECONDS,
        now,
        TTL_SECONDS * 1000,
        MAX_KEYS_PER_MEMBER,
        TTL_SECONDS,
      )) as [number, ...string[]];
      if (claimed === 1) {
        // The records the cap dropped from the index: gone before the work runs, so one
        // member's records stay within the cap.
        if (rest.length) await this.redis.client.unlink(...rest);
        return null;
      }
      const raw = rest[0];
      if (raw) {
        const stored = JSON.parse(raw) as Stored;
        if (stored.state === 'done' || stored.fingerprint !== fingerprint) return stored;
      }
      if (Date.now() > deadline) throw new AppException('IDEMPOTENCY_CONFLICT');
      await sleep(25);
    }
  }

  private replay<T>(previous: Stored, fingerprint: string): IdempotentAnswer<T> {
    if (previous.fingerprint !== fingerprint) throw new AppException('IDEMPOTENCY_CONFLICT');
    return { replayed: true, status: previous.status ?? HttpStatus.OK, body: previous.body };
  }

  /**
   * Records the answer in place of the pending claim, only while the claim stands (XX): a key
   * the member's cap dropped meanwhile stays dropped.
   */
  private async record(key: string, fingerprint: string, status: number, body: unknown) {
    let stored = JSON.stringify({ state: 'done', fingerprint, status, body } satisfies Stored);
    if (Buffer.byteLength(stored) > MAX_RECORD_BYTES) {
      stored = JSON.stringify({ state: 'done', fingerprint, status, body: compact(body) } satisfies Stored);
    }
    await this.redis.client.set(key, stored, 'EX', TTL_SECONDS, 'XX');
  }
}
