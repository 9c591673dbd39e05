import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DEFAULT_BID_ANSWER_VIEW,
  jodToFils,
  type BidAnswerView,
  type BuyNowResult,
  type MaxBidLiveResult,
  type MaxBidResult,
  type PlaceBidLiveResult,
  type PlaceBidResult,
} from '@mazad/contracts';
import type { AuthUser } from '../auth';
import { AppException } from '../common/errors/app.exception';
import { type BidAction, BidMetrics } from '../infrastructure/metrics';
import { withAuction } from './answer-views';
import { BuyNowCommand } from './commands/buy-now/buy-now.command';
import { PlaceBidCommand } from './commands/place-bid/place-bid.command';
import { SetMaxBidCommand } from './commands/set-max-bid/set-max-bid.command';
import { WithdrawMaxBidCommand } from './commands/withdraw-max-bid/withdraw-max-bid.command';
import type { BuyNowDto, MaxBidDto, PlaceBidDto } from './dto/place-bid.dto';
import { type AdmissionTicket, AdmissionTickets } from './engine/admission-tickets';
import { BidSequencer } from './engine/bid-sequencer';
import { MaxBidAnswers } from './max-bid-answers';
import { admissible, type CheckedRequest, type DoorRequest, type QueuedCall } from './queued-calls';

/** A request let through the door with a place in its auction's queue: its ticket, and its body and query as checked there. */
export interface Admitted {
  ticket: AdmissionTicket;
  checked: CheckedRequest;
}

/** A member's call on an auction as the door takes it, whichever transport carried it. */
export interface MemberCall {
  auctionId: string;
  member: AuthUser;
  /** `performance.now()` when the request reached the process (admission control's deadline). */
  arrivedAt: number;
  /** Which auction a bid's or a maximum's answer carries: the whole auction unless `live` (ADR 0018). */
  view?: BidAnswerView;
  /** The client's idempotency key, kept with a bid (BidSequencer.placeBid). */
  idempotencyKey?: string;
}

/** A validated JOD amount in fils (the DTOs' amount rules admit whole fils only: WholeFils). */
function filsOf(jod: number): number {
  const fils = jodToFils(jod);
  if (fils === undefined) throw new AppException('VALIDATION_ERROR');
  return fils;
}

const viewOf = (call: MemberCall): BidAnswerView => call.view ?? DEFAULT_BID_ANSWER_VIEW;

/**
 * The front door of the member's bid calls behind both transports: place a bid, buy now, set
 * or withdraw a maximum (HTTP's POST …/bid, POST …/buy-now, PUT and DELETE …/max-bid; the
 * socket's `place_bid` and `buy_now`). Validated input in, the answer body out: amounts become
 * fils here, the command runs, the answer is built here. Rules, rate limits and the bid engine
 * are the commands'; each transport only authenticates, validates and applies idempotency the
 * same way (bids.controller.ts, bids.gateway.ts). Each decision is counted and timed here, once
 * for both transports (mazad_bids_total and mazad_bid_decision_seconds, by `action`): an answer
 * replayed for an idempotency key never gets this far.
 */
@Injectable()
export class BidActions {
  constructor(
    private readonly commands: CommandBus,
    private readonly metrics: BidMetrics,
    private readonly sequencer: BidSequencer,
    private readonly tickets: AdmissionTickets,
    private readonly maxBidAnswers: MaxBidAnswers,
  ) {}

  /**
   * Admission control at the door (R-BID-BUSY), before anything else is spent on a request of
   * `call` (its idempotency key, its rate limit: no Redis, no database): throws AUCTION_BUSY when
   * the auction's queue would refuse a request that arrived at `arrivedAt` (the queue asks again
   * when the request joins it). A request admissible as far as can be known here (`admissible`)
   * gets a ticket, which the transport releases once it answered the request (whatever the
   * answer), with its body and query as the pipes make them (`checked`); 429
   * TOO_MANY_PENDING_BIDS when the member already holds their share of the queue.
   * Any other request goes on without one (null), to its own refusal. A refused call with an
   * `action` is counted as any decision is.
   */
  admit(
    auctionId: string,
    arrivedAt: number,
    call: QueuedCall,
    member: AuthUser | undefined,
    request: DoorRequest,
  ): Admitted | null {
    try {
      this.sequencer.assertAdmits(auctionId, arrivedAt);
      const checked = admissible(call, member, request);
      return checked && { ticket: this.tickets.issue(auctionId, member!), checked };
    } catch (err) {
      if (call.action) this.metrics.refused(call.action, performance.now(), err);
      throw err;
    }
  }

  async placeBid(call: MemberCall, dto: PlaceBidDto): Promise<PlaceBidResult | PlaceBidLiveResult> {
    const { auctionId, member, arrivedAt, idempotencyKey } = call;
    const fils = filsOf(dto.amount);
    return this.measured('bid', async () => {
      const { views, bid } = await this.commands.execute(
        new PlaceBidCommand(auctionId, member, fils, idempotencyKey, arrivedAt),
      );
      // The bid statement added the bidder to the watchers (AuctionStore.applyBidBatch): the whole
      // auction answered to them says so; the shared copy the broadcasts carry has no viewer.
      return withAuction({ success: true as const, message: 'تمت إضافة المزايدة بنجاح', bid }, views, viewOf(call), {
        watchedByMe: true,
      });
    });
  }

  async buyNow(call: MemberCall, dto: BuyNowDto): Promise<BuyNowResult> {
    const { auctionId, member, arrivedAt } = call;
    const expectedFils = dto.expectedPrice === undefined ? undefined : filsOf(dto.expectedPrice);
    return this.measured('buy_now', async () => {
      const auction = await this.commands.execute(new BuyNowCommand(auctionId, member, expectedFils, arrivedAt));
      return { success: true, message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد', auction };
    });
  }

  async setMaxBid(call: MemberCall, dto: MaxBidDto): Promise<MaxBidResult | MaxBidLiveResult> {
    const { auctionId, member, arrivedAt } = call;
    const fils = filsOf(dto.amount);
    return this.measured('set_max_bid', async () => {
      const outcome = await this.commands.execute(new SetMaxBidCommand(auctionId, member, fils, arrivedAt));
      return this.maxBidAnswers.set(auctionId, member.id, outcome, viewOf(call));
    });
  }

  async withdrawMaxBid(call: MemberCall): Promise<MaxBidResult | MaxBidLiveResult> {
    const { auctionId, member, arrivedAt } = call;
    return this.measured('withdraw_max_bid', async () => {
      const outcome = await this.commands.execute(new WithdrawMaxBidCommand(auctionId, member, arrivedAt));
      return this.maxBidAnswers.withdrawn(auctionId, member.id, outcome, viewOf(call));
    });
  }

  /** `decide`'s answer, its decision counted as accepted or refused (by its code) and timed until answered. */
  private async measured<T>(action: BidAction, decide: () => Promise<T>): Promise<T> {
    const startedMs = performance.now();
    try {
      const answer = await decide();
      this.metrics.accepted(action, startedMs);
      return answer;
    } catch (err) {
      this.metrics.refused(action, startedMs, err);
      throw err;
    }
  }
}
