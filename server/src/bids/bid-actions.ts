import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DEFAULT_BID_ANSWER_VIEW,
  jodToFils,
  type BidAnswerView,
  type BuyNowResult,
  type PlaceBidResult,
  type PlaceBidLiveResult,
} from '@mazad/contracts';
import type { AuthUser } from '../auth';
import { AppException } from '../common/errors/app.exception';
import { type BidAction, BidMetrics } from '../infrastructure/metrics';
import { withAuction } from './answer-views';
import { BuyNowCommand } from './commands/buy-now/buy-now.command';
import { type AdmissionTicket, AdmissionTickets } from './engine/admission-tickets';
import { BidSequencer } from './engine/bid-sequencer';
import { PlaceBidCommand } from './commands/place-bid/place-bid.command';
import type { BuyNowDto, PlaceBidDto } from './dto/place-bid.dto';
import { admissible, type CheckedRequest, type DoorRequest, type QueuedCall } from './queued-calls';

/**
 * The bid and buy-now calls behind both transports (POST /api/auctions/{id}/bid and buy-now,
 * and the socket events `place_bid` and `buy_now`): validated input in, the answer body out.
 * Rules, rate limits and the bid engine are the commands'; each transport only authenticates,
 * validates and applies idempotency the same way (bids.controller.ts, bids.gateway.ts). Each
 * decision is counted and timed here, once for both transports (mazad_bids_total and
 * mazad_bid_decision_seconds): an answer replayed for an idempotency key never gets this far.
 */
/** A request let through the door with a place in its auction's queue: its ticket, and its body and query as checked there. */
export interface Admitted {
  ticket: AdmissionTicket;
  checked: CheckedRequest;
}

@Injectable()
export class BidActions {
  constructor(
    private readonly commands: CommandBus,
    private readonly metrics: BidMetrics,
    private readonly sequencer: BidSequencer,
    private readonly tickets: AdmissionTickets,
  ) {}

  /**
   * Admission control at the door (R-BID-BUSY), before anything else is spent on a request of
   * `call` (its idempotency key, its rate limit: no Redis, no database): throws AUCTION_BUSY when
   * the auction's queue would refuse a request that arrived at `arrivedAt` (the queue asks again
   * when the request joins it). A request admissible as far as can be known here (`admissible`)
   * gets a ticket, which the transport releases once it answered the request (whatever the
   * answer), with its body and query as the pipes make them (`checked`); 429
   * TOO_MANY_PENDING_BIDS when the member already holds their share of the queue.
   * Any other request goes on without one (null), to its own refusal. A refused bid or buy-now
   * is counted as any decision is.
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

  /**
   * `idempotencyKey`: the client's key, stored with the bid (see BidSequencer.placeBid).
   * `arrivedAt` (here and in buyNow): `performance.now()` when the request reached the process.
   * `view`: which auction the answer carries (the whole auction unless `live`: ADR 0018).
   */
  async placeBid(
    auctionId: string,
    dto: PlaceBidDto,
    user: AuthUser,
    idempotencyKey: string | undefined,
    arrivedAt: number,
    view: BidAnswerView = DEFAULT_BID_ANSWER_VIEW,
  ): Promise<PlaceBidResult | PlaceBidLiveResult> {
    const fils = jodToFils(dto.amount);
    if (fils === undefined) throw new AppException('VALIDATION_ERROR');
    const { views, bid } = await this.measured(
      'bid',
      performance.now(),
      this.commands.execute(new PlaceBidCommand(auctionId, user, fils, idempotencyKey, arrivedAt)),
    );
    // The bid statement added the bidder to the watchers (AuctionStore.applyBidBatch): the whole
    // auction answered to them says so; the shared copy the broadcasts carry has no viewer.
    return withAuction({ success: true as const, message: 'تمت إضافة المزايدة بنجاح', bid }, views, view, {
      watchedByMe: true,
    });
  }

  async buyNow(auctionId: string, dto: BuyNowDto, user: AuthUser, arrivedAt: number): Promise<BuyNowResult> {
    const expectedFils = dto.expectedPrice === undefined ? undefined : jodToFils(dto.expectedPrice);
    if (dto.expectedPrice !== undefined && expectedFils === undefined) throw new AppException('VALIDATION_ERROR');
    const auction = await this.measured(
      'buy_now',
      performance.now(),
      this.commands.execute(new BuyNowCommand(auctionId, user, expectedFils, arrivedAt)),
    );
    return { success: true, message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد', auction };
  }

  /** `decision`, counted as accepted or refused (by its code) and timed from `startedMs`. */
  private async measured<T>(action: BidAction, startedMs: number, decision: Promise<T>): Promise<T> {
    try {
      const result = await decision;
      this.metrics.accepted(action, startedMs);
      return result;
    } catch (err) {
      this.metrics.refused(action, startedMs, err);
      throw err;
    }
  }
}
