import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { canonicalId } from '../common/validation/ids';
import type { BidAction } from '../infrastructure/metrics';
import { arrivalOf } from './arrived-at';
import { BidActions } from './bid-actions';

const QUEUED_ROUTE = Symbol('queuedRoute');

/**
 * Marks a route whose request goes through its auction's queue (`:id`): admission control asks
 * the queue before anything else is spent on it. `action`: what mazad_bids_total counts it as.
 */
export const QueuedRoute = (action?: BidAction) => SetMetadata(QUEUED_ROUTE, { action });

/**
 * Admission control at the door of the HTTP bid path (R-BID-BUSY): a request its auction's queue
 * would refuse is refused before its idempotency key is claimed in Redis or its rate limit
 * counted, so a refusal costs no round trip (the socket does the same in BidsGateway). Put it
 * before IdempotencyInterceptor. An id that is not one is left for ParseIdPipe to refuse.
 */
@Injectable()
export class BidAdmissionInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly actions: BidActions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const route = this.reflector.get<{ action?: BidAction } | undefined>(QUEUED_ROUTE, context.getHandler());
    const http = context.switchToHttp();
    const id = route && canonicalId(http.getRequest<FastifyRequest<{ Params: { id?: string } }>>().params.id);
    if (id) this.actions.admit(id, arrivalOf(http.getResponse<FastifyReply>()), route.action);
    return next.handle();
  }
}
