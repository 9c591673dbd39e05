import { Injectable } from '@nestjs/common';
import { filsToJod, type BidAnswerView, type MaxBid, type MaxBidResult, type MaxBidLiveResult } from '@mazad/contracts';
import { AuctionReadModel, BIDS_IN_LIVE_VIEW } from '../auctions';
import { auctionViews, withAuction } from './answer-views';
import type { MaxBidOutcome } from './engine/bid-sequencer';
import { BidWriter } from './engine/bid-writer';

/** Where a new maximum left the member, in Arabic (R-MAX-BID). */
const SET_MESSAGES = {
  leading: 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة',
  tiedEarlier: 'تم حفظ حدك الأقصى، لكن عضواً آخر سبقك إلى حدٍّ أقصى مساوٍ فبقي في المقدمة',
  behind: 'تم حفظ حدك الأقصى، لكن مزايدة أعلى منه تتقدم عليه',
};

const WITHDRAWN_MESSAGE = 'تم سحب حدك الأقصى';

/**
 * The answers of the max-bid calls (R-MAX-BID): the auction as a bid answers it, and the
 * caller's OWN maximum, read by their id only — the one place a maximum leaves the server.
 * `view` (set, withdrawn): the whole auction unless the caller asked for the live view (ADR 0018).
 */
@Injectable()
export class MaxBidAnswers {
  constructor(
    private readonly writer: BidWriter,
    private readonly readModel: AuctionReadModel,
  ) {}

  async own(auctionId: string, userId: string): Promise<MaxBid | null> {
    const stored = await this.writer.findMaxBid(auctionId, userId);
    return stored && { amount: filsToJod(stored.amountFils), setAt: stored.setAt.toISOString() };
  }

  /** The answer of a maximum set or changed: it says where the maximum left the member. */
  set(
    auctionId: string,
    userId: string,
    outcome: MaxBidOutcome,
    view: BidAnswerView,
  ): Promise<MaxBidResult | MaxBidLiveResult> {
    const message = outcome.leading
      ? SET_MESSAGES.leading
      : outcome.tiedEarlier
        ? SET_MESSAGES.tiedEarlier
        : SET_MESSAGES.behind;
    return this.answer(auctionId, userId, outcome, message, view);
  }

  /** The answer of a maximum withdrawn. */
  withdrawn(
    auctionId: string,
    userId: string,
    outcome: MaxBidOutcome,
    view: BidAnswerView,
  ): Promise<MaxBidResult | MaxBidLiveResult> {
    return this.answer(auctionId, userId, outcome, WITHDRAWN_MESSAGE, view);
  }

  private async answer(
    auctionId: string,
    userId: string,
    outcome: MaxBidOutcome,
    message: string,
    view: BidAnswerView,
  ): Promise<MaxBidResult | MaxBidLiveResult> {
    const [views, maxBid] = await Promise.all([
      outcome.views ?? this.readModel.findOne(auctionId, BIDS_IN_LIVE_VIEW).then((auction) => auctionViews(auction!)),
      this.own(auctionId, userId),
    ]);
    return withAuction({ success: true as const, message, maxBid, leading: outcome.leading }, views, view);
  }
}
