import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/** Set on the responses of routes whose refusals are ordinary answers (see RefusalsAreAnswers). */
const REFUSALS_ARE_ANSWERS = Symbol('refusalsAreAnswers');

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * The level of a request's log line (pino-http's, one per response). The one rule: a failure
 * (an error, a 5xx) is `error`, a 4xx `warn`, else `info` — except on routes marked with
 * RefusalsAreAnswers, where a 4xx or a 503 (AUCTION_BUSY: retry) is the product answering, not
 * an incident: `debug`. A bid storm refuses most bids (BID_TOO_LOW, AUCTION_BUSY…), and a
 * ~2 KB warn line per refused bid cost more than judging it. Unexpected errors on those routes
 * still answer 500 and are logged at `error` with their context by the exception filter.
 */
export function responseLogLevel(res: ServerResponse, err?: Error): Level {
  const status = res.statusCode;
  if (
    (res as { [REFUSALS_ARE_ANSWERS]?: true })[REFUSALS_ARE_ANSWERS] &&
    (status === 503 || (status >= 400 && status < 500))
  )
    return 'debug';
  return err || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/**
 * Marks a controller's responses so that its refusals are logged at `debug` (responseLogLevel):
 * the bid path (bids, maximums, buy-now). Put it first in `@UseInterceptors`, so a refusal of
 * the interceptors after it (an idempotency key reused) is covered too.
 */
@Injectable()
export class RefusalsAreAnswers implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = context.switchToHttp().getResponse<FastifyReply>().raw as ServerResponse & {
      [REFUSALS_ARE_ANSWERS]?: true;
    };
    raw[REFUSALS_ARE_ANSWERS] = true;
    return next.handle();
  }
}
