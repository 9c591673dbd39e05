import { HttpStatus, Logger, type Type, UseFilters } from '@nestjs/common';
import { Ack, ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  SocketEvents,
  type ApiErrorBody,
  type BuyNowResult,
  type PlaceBidResult,
  type PlaceBidLiveResult,
  type SocketBidAck,
} from '@mazad/contracts';
import type { Socket } from 'socket.io';
import type { AuthUser } from '../auth';
import { AppException } from '../common/errors/app.exception';
import { describeError } from '../common/errors/error-body';
import { SocketErrorsFilter } from '../common/errors/socket-errors.filter';
import { IdempotencyService } from '../infrastructure/idempotency/idempotency.service';
import { Lifecycle } from '../infrastructure/lifecycle/lifecycle';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { type SocketData, SocketEventGate } from '../realtime';
import { canonicalId } from '../common/validation/ids';
import { type Admitted, BidActions, type MemberCall } from './bid-actions';
import { BidAnswerQueryDto, BuyNowDto, PlaceBidDto } from './dto/place-bid.dto';
import type { AdmissionTicket } from './engine/admission-tickets';
import type { CheckedRequest } from './queued-calls';
import { type DoorRequest, QUEUED_CALLS, type QueuedCall } from './queued-calls';

type BidSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

/** One socket event that stands for an HTTP bid call. */
interface SocketCall<Dto, Result> {
  event: string;
  /**
   * The HTTP call's queued call (QUEUED_CALLS): its body's DTO, its query's when it takes HTTP's
   * `?view=` (the request's `view` field: bids do, buy-now does not), what mazad_bids_total
   * counts it as.
   */
  queued: QueuedCall & { body: Type<Dto> };
  /** The HTTP request it stands for: its idempotency scope, so that a key is shared by both transports. */
  scope: (auctionId: string) => string;
  /** The front door's call (BidActions), given the member's call as the event carries it and its checked body. */
  run: (call: MemberCall, dto: Dto) => Promise<Result>;
}

/** An event's payload as the HTTP call's parts: the route id, the header, the query and the body in one object. */
interface SocketRequest extends DoorRequest {
  auctionId: unknown;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

function requestOf(payload: unknown, call: QueuedCall): SocketRequest {
  const fields = payload && typeof payload === 'object' && !Array.isArray(payload) ? payload : {};
  const { auctionId, idempotencyKey, ...body } = fields as Record<string, unknown>;
  if (!call.query) return { auctionId, idempotencyKey, query: {}, body };
  // The query is not the body: it is neither validated as one nor part of the key's fingerprint.
  const { view, ...bodyWithoutView } = body;
  return { auctionId, idempotencyKey, query: view === undefined ? {} : { view }, body: bodyWithoutView };
}

/**
 * Bids over the socket (docs/realtime.md, "Bids over the socket"): a signed-in socket sends
 * `place_bid { auctionId, amount, idempotencyKey, view? }` or `buy_now { auctionId, expectedPrice?,
 * idempotencyKey }` with an acknowledgement, and the acknowledgement carries exactly what the
 * HTTP call answers — its body, or its error body (same status inside, code and Arabic text):
 * the same front door (BidActions: amounts in fils, command, rules, rate limits, metrics,
 * answer), the same input rules (InputHygienePipe on every socket event, ParseIdPipe, the DTOs
 * through the global ValidationPipe's settings), the same idempotency
 * memory (IdempotencyService, scoped by the HTTP request the event stands for) and the same
 * error mapping (describeError). The member is the one the realtime gateway re-read for this
 * event (its per-event token check, realtime.gateway.ts); a visitor gets 401.
 *
 * The socket itself is RealtimeGateway's (one Socket.IO server; Nest binds every gateway's
 * handlers to it): this gateway only listens to the two bid events (maximums are HTTP's alone).
 */
@WebSocketGateway()
@UseFilters(SocketErrorsFilter)
export class BidsGateway {
  private readonly logger = new Logger(BidsGateway.name);
  private readonly validation = createValidationPipe();
  /**
   * The body and query the door checked for an admitted event (by its payload, the object the
   * handler then receives): the handler takes them as the pipes' answer instead of validating
   * the event a second time (the door's check is the pipes' own: validInstance).
   */
  private readonly checkedAtDoor = new WeakMap<object, CheckedRequest>();
  private readonly parseId = new ParseIdPipe();

  private readonly placeBidCall: SocketCall<PlaceBidDto, PlaceBidLiveResult | PlaceBidResult> = {
    event: SocketEvents.PlaceBid,
    queued: QUEUED_CALLS.bid,
    scope: (id) => `POST /api/auctions/${id}/bid`,
    run: (call, dto) => this.actions.placeBid(call, dto),
  };

  private readonly buyNowCall: SocketCall<BuyNowDto, BuyNowResult> = {
    event: SocketEvents.BuyNow,
    queued: QUEUED_CALLS.buyNow,
    scope: (id) => `POST /api/auctions/${id}/buy-now`,
    run: (call, dto) => this.actions.buyNow(call, dto),
  };

  constructor(
    private readonly actions: BidActions,
    private readonly idempotency: IdempotencyService,
    private readonly lifecycle: Lifecycle,
    gate: SocketEventGate,
  ) {
    // Admission control at the socket's door (R-BID-BUSY): a busy auction refuses a bid or a
    // buy-now before its member is re-read, its key claimed or its rate limit counted; an
    // admissible one holds its ticket until its acknowledgement is sent.
    for (const call of [this.placeBidCall, this.buyNowCall])
      gate.register(call.event, (payload, member) => this.atTheDoor(payload, member, call.queued));
  }

  /**
   * The door's verdict on an event (BidActions.admit): the error body when the auction named by
   * `payload` is too busy now (or the member holds their share of its queue), its ticket when it
   * is admissible, else null (also when it names no auction).
   */
  private atTheDoor(
    payload: unknown,
    member: AuthUser | undefined,
    call: QueuedCall,
  ): ApiErrorBody | AdmissionTicket | null {
    const request = requestOf(payload, call);
    const id = canonicalId(request.auctionId);
    if (!id) return null;
    let admitted: Admitted | null;
    try {
      admitted = this.actions.admit(id, performance.now(), call, member, request);
    } catch (err) {
      return describeError(err).body;
    }
    if (!admitted) return null;
    this.checkedAtDoor.set(payload as object, admitted.checked);
    return admitted.ticket;
  }

  @SubscribeMessage(SocketEvents.PlaceBid)
  async placeBid(@ConnectedSocket() socket: BidSocket, @MessageBody() payload: unknown, @Ack() ack: unknown) {
    await this.acknowledge(ack, () => this.answer(socket, payload, this.placeBidCall));
  }

  @SubscribeMessage(SocketEvents.BuyNow)
  async buyNow(@ConnectedSocket() socket: BidSocket, @MessageBody() payload: unknown, @Ack() ack: unknown) {
    await this.acknowledge(ack, () => this.answer(socket, payload, this.buyNowCall));
  }

  /**
   * Answers an event that asked for an acknowledgement (others are ignored). Until the answer is
   * sent the call is work in flight: a draining replica keeps its sockets open until their bids
   * are answered (docs/operations.md, "Draining a replica").
   */
  private async acknowledge(ack: unknown, answer: () => Promise<unknown>): Promise<void> {
    if (typeof ack !== 'function') return;
    await this.lifecycle.track(answer().then((body) => (ack as (body: unknown) => void)(body)));
  }

  /** The HTTP call's answer for this event: its body on success, else its error body. Never throws. */
  private async answer<Dto, Result>(
    socket: BidSocket,
    payload: unknown,
    call: SocketCall<Dto, Result>,
  ): Promise<SocketBidAck<Result>> {
    const arrivedAt = performance.now();
    const user = socket.data.user;
    const request = requestOf(payload, call.queued);
    const { auctionId, idempotencyKey } = request;
    try {
      // As JwtAuthGuard: no token is 401 UNAUTHORIZED, a token that did not hold 401 TOKEN_INVALID.
      if (!user) throw new AppException(socket.data.tokenRejected ? 'TOKEN_INVALID' : 'UNAUTHORIZED');
      if (idempotencyKey !== undefined && idempotencyKey !== null && typeof idempotencyKey !== 'string') {
        throw new AppException('VALIDATION_ERROR');
      }
      // The route's pipes (the id, the query, the body), before the key is claimed: input
      // refused by its shape leaves no trace in the idempotency memory (as worthReplaying has
      // it for HTTP). InputHygienePipe's walk already ran on the whole event
      // (realtime/socket-input.ts, before any handler), so the body's fingerprint is only taken
      // of a body no deeper than MAX_INPUT_DEPTH (HTTP refuses deeper ones while parsing).
      const id = this.parseId.transform(auctionId);
      const checked = this.checkedAtDoor.get(payload as object);
      const query = ((checked && (checked.query ?? {})) ??
        (await this.validation.transform(request.query, {
          type: 'query',
          metatype: BidAnswerQueryDto,
        }))) as BidAnswerQueryDto;
      const dto = (checked?.body ??
        (await this.validation.transform(request.body, { type: 'body', metatype: call.queued.body }))) as Dto;
      const answer = await this.idempotency.run(
        {
          userId: user.id,
          scope: call.scope(id),
          key: idempotencyKey ?? undefined,
          body: request.body,
          successStatus: HttpStatus.OK,
        },
        () =>
          call.run(
            { auctionId: id, member: user, arrivedAt, view: query.view, idempotencyKey: idempotencyKey ?? undefined },
            dto,
          ),
      );
      return answer.body as SocketBidAck<Result>;
    } catch (err) {
      const { body, unexpected } = describeError(err);
      if (unexpected) this.logUnexpected(err, socket, call.event, auctionId);
      return body satisfies ApiErrorBody;
    }
  }

  private logUnexpected(exception: unknown, socket: BidSocket, event: string, auctionId: unknown) {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(
      { err, event, socketId: socket.id, userId: socket.data.user?.id, auctionId },
      `Unexpected error on socket ${event}: ${err.message}`,
    );
  }
}
