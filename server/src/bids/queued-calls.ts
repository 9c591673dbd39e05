import type { Type } from '@nestjs/common';
import type { AuthUser } from '../auth';
import { isIdempotencyKey } from '../infrastructure/idempotency/idempotency.service';
import { validInstance } from '../common/validation/validation.pipe';
import type { BidAction } from '../infrastructure/metrics';
import { BidAnswerQueryDto, BuyNowDto, MaxBidDto, PlaceBidDto, RetractBidDto } from './dto/place-bid.dto';

/**
 * A call that goes through its auction's queue, as admission control's door sees it on either
 * transport (BidActions.admit): what a well-formed request carries, by the DTOs its pipes apply,
 * and whether its command needs a verified member.
 */
export interface QueuedCall {
  /** What mazad_bids_total counts it as (the front door's calls: BidActions); a retraction is not counted there. */
  action?: BidAction;
  /** The body's DTO; none when the call takes no body. */
  body?: Type<object>;
  /** The query's DTO (over the socket: the request's `view` field); none when the call takes no query. */
  query?: Type<object>;
  /** Its command refuses a member who is not verified (assertVerified, R-VERIFIED-MEMBER). */
  verifiedOnly: boolean;
}

/** The calls of the auction's queue (the controller's routes, the gateway's events). */
export const QUEUED_CALLS = {
  bid: { action: 'bid', body: PlaceBidDto, query: BidAnswerQueryDto, verifiedOnly: true },
  buyNow: { action: 'buy_now', body: BuyNowDto, verifiedOnly: true },
  setMaxBid: { action: 'set_max_bid', body: MaxBidDto, query: BidAnswerQueryDto, verifiedOnly: true },
  // Its command asks for no verification (an unverified member has no maximum to withdraw).
  withdrawMaxBid: { action: 'withdraw_max_bid', query: BidAnswerQueryDto, verifiedOnly: false },
  // Like a withdrawal: the member's own bid, whatever their verification now.
  retractBid: { body: RetractBidDto, verifiedOnly: false },
} as const satisfies Record<string, QueuedCall>;

/** A request as the door sees it, before any pipe: body, query and idempotency key as they came. */
export interface DoorRequest {
  body?: unknown;
  query?: unknown;
  idempotencyKey?: unknown;
}

/** Whether an object has a field of its own (a query with none needs no validation: every field is optional). */
function hasFields(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return value !== undefined;
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}

/** An admissible request's body and query as the route's pipes make them (the DTO instances). */
export interface CheckedRequest {
  body?: object;
  query?: object;
}

/**
 * A request of `call` from `member` checked as far as can be known without I/O (R-BID-BUSY): a
 * signed-in member, verified where the call needs it, a well-formed idempotency key, a body and a
 * query that pass the route's DTOs (validInstance: the pipes' rules). Only such a request takes a
 * place in its auction's queue at the door, and its checked body and query are the pipes' answer
 * (the socket's handler takes them rather than validating again); any other (null) still goes
 * on, uncounted, to be refused as it is today (the pipe, the command).
 */
export function admissible(
  call: QueuedCall,
  member: AuthUser | undefined,
  request: DoorRequest,
): CheckedRequest | null {
  if (!member || (call.verifiedOnly && !member.isVerified)) return null;
  const key = request.idempotencyKey;
  if (key !== undefined && key !== null && !(typeof key === 'string' && isIdempotencyKey(key))) return null;
  const checked: CheckedRequest = {};
  if (call.body) {
    const body = validInstance(call.body, request.body);
    if (!body) return null;
    checked.body = body;
  }
  if (call.query && hasFields(request.query)) {
    const query = validInstance(call.query, request.query);
    if (!query) return null;
    checked.query = query;
  }
  return checked;
}
