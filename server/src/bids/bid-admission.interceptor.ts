import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { finalize, type Observable } from 'rxjs';
import type { AuthUser } from '../auth';
import { canonicalId } from '../common/validation/ids';
import { arrivalOf } from './arrived-at';
import { BidActions } from './bid-actions';
import type { QueuedCall } from './queued-calls';

const QUEUED_ROUTE = Symbol('queuedRoute');

/**
 * Marks a route whose request goes through its auction's queue (`:id`) as `call` (QUEUED_CALLS):
 * admission control asks the queue before anything else is spent on it.
 */
export const QueuedRoute = (call: QueuedCall) => SetMetadata(QUEUED_ROUTE, call);

type QueuedRequest = FastifyRequest<{ Params: { id?: string } }> & { user?: AuthUser };

/**
 * Admission control at the door of the HTTP bid path (R-BID-BUSY): a request its auction's queue
 * would refuse is refused before its idempotency key is claimed in Redis or its rate limit
 * counted, so a refusal costs no round trip (the socket does the same in BidsGateway). An
 * admissible request's ticket is released when its answer is decided, whatever it is (a refusal
 * by the pipes, the rate limit, a replayed key…). Put it after the member's guard and before
 * IdempotencyInterceptor. An id that is not one is left for ParseIdPipe to refuse.
 */
@Injectable()
export class BidAdmissionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly actions: BidActions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const call = this.reflector.get<QueuedCall | undefined>(QUEUED_ROUTE, context.getHandler());
    if (!call) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<QueuedRequest>();
    const id = canonicalId(request.params.id);
    if (!id) return next.handle();
    const admitted = this.actions.admit(id, arrivalOf(http.getResponse<FastifyReply>()), call, request.user, {
      body: request.body,
      query: request.query,
      idempotencyKey: request.headers['idempotency-key'],
    });
    return admitted ? next.handle().pipe(finalize(() => admitted.ticket.release())) : next.handle();
  }
}
