import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AppException } from '../errors/app.exception';
import { describeError } from '../errors/error-body';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
const TTL_SECONDS = 24 * 3600;
/**
 * A running request's claim is a lease, not a 24 h record: when its replica dies before it
 * answers (kill -9, a crash), the key frees itself and a retry runs instead of being refused
 * for a day. A live request outlasting its lease lets a twin run beside it: bids are still
 * placed once (the key is stored with the bid, BidSequencer.refuse).
 */
export const PENDING_LEASE_SECONDS = 10;
/** A twin waits for the running request a little longer than its lease, so it always gets through. */
export const WAIT_FOR_TWIN_MS = (PENDING_LEASE_SECONDS + 2) * 1000;

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
 * A final answer is one a retry of the same request would get again: a success or a 4xx
 * refusal. Too many requests (429), server failures (5xx) and a busy auction are transient.
 */
export function isFinal(status: number, body: unknown): boolean {
  if (status >= 500 || status === HttpStatus.TOO_MANY_REQUESTS) return false;
  const code = (body as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && TRANSIENT_CODES.has(code));
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
 * the first is still running waits for it. Only final answers are recorded (see `isFinal`): a
 * 429 (rate limited), a 5xx or AUCTION_BUSY frees the key, so a retry with the same key runs
 * again. Reusing a key for a different body is 409 IDEMPOTENCY_CONFLICT; a malformed key is 400
 * VALIDATION_ERROR (both thrown). The work's own errors are thrown too, after being recorded.
 * Used by the HTTP interceptor and by the socket bids (one memory for both transports).
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);

  constructor(private readonly redis: RedisService) {}

  async run<T>(request: IdempotentRequest, work: () => Promise<T>): Promise<IdempotentAnswer<T>> {
    if (request.key === undefined) return { replayed: false, status: request.successStatus, body: await work() };
    if (!KEY_PATTERN.test(request.key)) throw new AppException('VALIDATION_ERROR');

    const key = this.redis.key('idem', request.userId, sha256(`${request.scope} ${request.key}`));
    const fingerprint = sha256(JSON.stringify(request.body ?? {}));
    const previous = await this.claim(key, fingerprint);
    if (previous) return this.replay<T>(previous, fingerprint);

    let body: T;
    try {
      body = await work();
    } catch (err) {
      const { status, body: errorBody } = describeError(err);
      await (isFinal(status, errorBody)
        ? this.record(key, fingerprint, status, errorBody)
        : this.redis.client.del(key));
      throw err;
    }
    // Not awaited: the answer need not wait for Redis; a twin waits on the pending claim meanwhile.
    this.record(key, fingerprint, request.successStatus, body).catch((err: unknown) =>
      this.logger.error({ err, scope: request.scope }, 'Could not record an idempotent answer'),
    );
    return { replayed: false, status: request.successStatus, body };
  }

  /** Claims the key; returns the earlier request's record when there is one (waiting for a running twin). */
  private async claim(key: string, fingerprint: string): Promise<Stored | null> {
    const pending: Stored = { state: 'pending', fingerprint };
    const deadline = Date.now() + WAIT_FOR_TWIN_MS;
    for (;;) {
      const claimed = await this.redis.client.set(key, JSON.stringify(pending), 'EX', PENDING_LEASE_SECONDS, 'NX');
      if (claimed === 'OK') return null;
      const raw = await this.redis.client.get(key);
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

  private async record(key: string, fingerprint: string, status: number, body: unknown) {
    const stored: Stored = { state: 'done', fingerprint, status, body };
    await this.redis.client.set(key, JSON.stringify(stored), 'EX', TTL_SECONDS);
  }
}
