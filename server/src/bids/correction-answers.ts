import { Injectable } from '@nestjs/common';
import type { BidCorrectionResult } from '@mazad/contracts';
import { AuctionReadModel, BIDS_IN_LIVE_VIEW } from '../auctions';
import type { CorrectionOutcome } from './engine/bid-sequencer';

/** The answer of a bid taken back (R-BID-RETRACT, R-BID-OPERATOR-CANCEL): the auction after the reprice. */
@Injectable()
export class CorrectionAnswers {
  constructor(private readonly readModel: AuctionReadModel) {}

  async answer(auctionId: string, outcome: CorrectionOutcome, message: string): Promise<BidCorrectionResult> {
    // Read again only when the read after the commit failed.
    const auction = outcome.auction ?? (await this.readModel.findOne(auctionId, BIDS_IN_LIVE_VIEW))!;
    return { success: true, message, auction };
  }
}
