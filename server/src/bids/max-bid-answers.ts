import { Injectable } from '@nestjs/common';
import { filsToJod, type MaxBid, type MaxBidResult } from '@mazad/contracts';
import { AuctionReadModel } from '../auctions';
import type { MaxBidOutcome } from './engine/bid-sequencer';
import { BidWriter } from './engine/bid-writer';

/**
 * The answers of the max-bid calls (R-MAX-BID): the auction as a bid answers it, and the
 * caller's OWN maximum, read by their id only — the one place a maximum leaves the server.
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

  async answer(auctionId: string, userId: string, outcome: MaxBidOutcome, message: string): Promise<MaxBidResult> {
    const [auction, maxBid] = await Promise.all([
      outcome.auction ?? this.readModel.findOne(auctionId),
      this.own(auctionId, userId),
    ]);
    return { success: true, message, auction: auction!, maxBid, leading: outcome.leading };
  }
}
