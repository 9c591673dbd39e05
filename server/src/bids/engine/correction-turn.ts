import {
  answerMaxima,
  BID_RETRACTION_PERIOD_DAYS,
  BID_RETRACTIONS_PER_PERIOD,
  closedReason,
  type ErrorCode,
  operatorCancelRefusal,
  retractionRefusal,
} from '@mazad/contracts';
import type { Reprice } from '../../auctions';
import { AuctionRepricedEvent } from '../../auctions/events/auction-repriced.event';
import { BidCancelledEvent } from '../../auctions/events/bid-cancelled.event';
import type { AuctionBidState, BidWriter } from './bid-writer';
import { monotonicNow, ruleNow } from './clock';
import type { CommitOrder, PostCommit } from './post-commit';
import { bidError, type CorrectionItem } from './queue-items';
import { retryOnConflict } from './retry-on-conflict';

/** What a correction takes away, and how it is recorded (AuctionStore.reprice). */
type CorrectionPlan = Omit<Reprice, 'newPriceFils' | 'automaticBids'>;

/**
 * A correction's turn, alone between batches: takes bids away and reprices the auction
 * (R-MAX-BID-REMOVAL, R-BID-RETRACT, R-BID-OPERATOR-CANCEL, docs/adr/0014-removal-reprices.md):
 * the bids the item names are set aside, the highest remaining bid (or the starting price) is
 * the base, and the remaining maximums answer it by the proxy rules; ONE conditional store
 * transaction writes it all (with the record of a retraction or a cancel). A refusal (the rules
 * of contracts' bid-retraction.ts, the member's monthly limit) writes nothing.
 */
export class CorrectionTurn {
  constructor(
    private readonly writer: BidWriter,
    private readonly post: PostCommit,
  ) {}

  /** Returns the auction after the turn (null: unknown). */
  take(
    auctionId: string,
    order: CommitOrder,
    initial: AuctionBidState | null,
    item: CorrectionItem,
  ): Promise<AuctionBidState | null> {
    return retryOnConflict({
      initial,
      reload: () => this.writer.loadState(auctionId),
      giveUp: () => item.reject(bidError('AUCTION_BUSY')),
      attempt: async (state) => {
        const plan = await this.plan(auctionId, state, item);
        if (typeof plan === 'string') {
          item.reject(bidError(plan));
          return { done: state };
        }
        const remainder = plan && (await this.writer.loadRemainder(auctionId, plan.cancel));
        if (!plan || !remainder?.cancelled) {
          // A removal with nothing of the member's here (or on a closed auction) changes nothing.
          if (item.kind === 'reprice') item.resolve();
          else item.reject(bidError('BID_ALREADY_CANCELLED'));
          return { done: state };
        }
        const base = remainder.top
          ? { priceFils: remainder.top.amountFils, leaderId: remainder.top.bidderId }
          : { priceFils: remainder.startingPriceFils, leaderId: null };
        const maxima = state!.maxima.filter((m) => m.userId !== plan.withdrawMaxOf);
        const answer = answerMaxima(base, maxima);
        const written = await this.writer.reprice(auctionId, state!, {
          ...plan,
          newPriceFils: answer.priceFils,
          automaticBids: answer.bids,
        });
        if (written === 'limit') {
          item.reject(bidError('BID_RETRACT_MONTHLY_LIMIT'));
          return { done: state };
        }
        if (!written) return 'conflict';
        const committedAt = monotonicNow();
        this.post.schedule(order, async () => {
          const auction = await this.post.readAuction(auctionId);
          this.post.publish(new AuctionRepricedEvent(auctionId, auction ?? undefined));
          this.post.publishCommitted(auctionId, written.bids, base.leaderId, committedAt, auction);
          if (item.kind === 'cancel') {
            this.post.publish(new BidCancelledEvent(auctionId, item.bidId, plan.cancel.bidderId, item.reason));
          }
          if (item.kind === 'reprice') item.resolve();
          else item.resolve({ auction });
        });
        const next: AuctionBidState = {
          ...state!,
          currentPriceFils: answer.priceFils,
          leaderId: answer.leaderId,
          maxima,
          maxBidsVersion: state!.maxBidsVersion + 1,
        };
        return { done: next };
      },
    });
  }

  /**
   * What a correction takes away, judged against `state` (by the database clock): a refusal's
   * code (a retraction or a cancel the rules refuse), or null when a removal has nothing to do
   * (the auction takes no bids).
   */
  private async plan(
    auctionId: string,
    state: AuctionBidState | null,
    item: CorrectionItem,
  ): Promise<CorrectionPlan | ErrorCode | null> {
    if (item.kind === 'reprice') {
      if (!state || closedReason(state, ruleNow(state))) return null;
      // Their maximums are already gone (loadState leaves out a removed member's).
      return { cancel: { bidderId: item.memberId, automaticOnly: true } };
    }
    const closed = closedReason(state, ruleNow(state));
    if (closed) return closed;
    const bid = await this.writer.loadBid(auctionId, item.bidId);
    if (item.kind === 'retract') {
      const refusal = retractionRefusal(state, bid, item.memberId, ruleNow(state));
      if (refusal) return refusal;
      return {
        // The typo and what the member placed after it, and the maximums' answers since (they
        // answered the typo): the remaining maximums answer again. Their earlier bids stand.
        cancel: { bidderId: item.memberId, fromSeq: bid!.seq, answersAfterSeq: bid!.seq },
        withdrawMaxOf: item.memberId,
        record: {
          bidId: item.bidId,
          kind: 'retraction',
          reason: item.reason,
          by: item.memberId,
          limit: { max: BID_RETRACTIONS_PER_PERIOD, days: BID_RETRACTION_PERIOD_DAYS },
        },
      };
    }
    const refusal = operatorCancelRefusal(state, bid, ruleNow(state));
    if (refusal) return refusal;
    return {
      // The bid, and the maximums' answers since (as a retraction's).
      cancel: { bidderId: bid!.bidderId, bidId: item.bidId, answersAfterSeq: bid!.seq },
      // An automatic bid's maximum would place it again at once: it goes with it.
      withdrawMaxOf: bid!.isAutomatic ? bid!.bidderId : undefined,
      record: { bidId: item.bidId, kind: 'operator', reason: item.reason, by: item.operatorId },
    };
  }
}
