import { CallHandler, ExecutionContext, HttpException, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, Response } from 'express';
import { from, Observable, of, throwError } from 'rxjs';
import { catchError, mergeMap, tap } from 'rxjs/operators';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AppException } from '../errors/app.exception';

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
const TTL_SECONDS = 24 * 3600;
const WAIT_FOR_TWIN_MS = 5_000;

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
 * A request repeated with the same `Idempotency-Key` (per member and route) is applied once:
 * the first one runs, later ones get its recorded answer (header `Idempotent-Replayed: true`);
 * a twin that arrives while the first is still running waits for it. Only final answers are
 * recorded (see `isFinal`): a 429 (rate limited), a 5xx or AUCTION_BUSY frees the key, so a retry
 * with the same key runs again. Reusing a key for a different body is 409 IDEMPOTENCY_CONFLICT.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly redis: RedisService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: { id: string } }>();
    const response = http.getResponse<Response>();
    const header = request.headers[HEADER];
    if (typeof header !== 'string' || !request.user) return next.handle();
    if (!KEY_PATTERN.test(header)) throw new AppException('VALIDATION_ERROR');

    const key = this.redis.key('idem', request.user.id, sha256(`${request.method} ${request.path} ${header}`));
    const fingerprint = sha256(JSON.stringify(request.body ?? {}));
    return from(this.claim(key, fingerprint)).pipe(
      mergeMap((previous) => {
        if (previous) return this.replay(previous, fingerprint, response);
        return next.handle().pipe(
          tap((body) => void this.record(key, fingerprint, response.statusCode, body)),
          catchError((err: unknown) => {
            const status = err instanceof HttpException ? err.getStatus() : 500;
            const body = err instanceof HttpException ? err.getResponse() : undefined;
            const settle = isFinal(status, body)
              ? this.record(key, fingerprint, status, body)
              : this.redis.client.del(key);
            return from(settle).pipe(mergeMap(() => throwError(() => err)));
          }),
        );
      }),
    );
  }

  /** Claims the key; returns the earlier request's record when there is one (waiting for a running twin). */
  private async claim(key: string, fingerprint: string): Promise<Stored | null> {
    const pending: Stored = { state: 'pending', fingerprint };
    const deadline = Date.now() + WAIT_FOR_TWIN_MS;
    for (;;) {
      const claimed = await this.redis.client.set(key, JSON.stringify(pending), 'EX', TTL_SECONDS, 'NX');
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

  private replay(previous: Stored, fingerprint: string, response: Response): Observable<unknown> {
    if (previous.fingerprint !== fingerprint) throw new AppException('IDEMPOTENCY_CONFLICT');
    response.setHeader('Idempotent-Replayed', 'true');
    const status = previous.status ?? HttpStatus.OK;
    if (status >= 400) return throwError(() => new HttpException(previous.body as object, status));
    response.status(status);
    return of(previous.body);
  }

  private async record(key: string, fingerprint: string, status: number, body: unknown) {
    const stored: Stored = { state: 'done', fingerprint, status, body };
    await this.redis.client.set(key, JSON.stringify(stored), 'EX', TTL_SECONDS);
  }
}
