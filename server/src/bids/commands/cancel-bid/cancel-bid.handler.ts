import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { BidCorrectionResult } from '@mazad/contracts';
import { AppException } from '../../../common/errors/app.exception';
import { CorrectionAnswers } from '../../correction-answers';
import { BidSequencer } from '../../engine/bid-sequencer';
import { BidWriter } from '../../engine/bid-writer';
import { CancelBidCommand } from './cancel-bid.command';

/**
 * In the bid's auction's queue, like a bid (R-BID-OPERATOR-CANCEL): the reprice and its record
 * (the operator and the reason) in one transaction; the bidder's notice follows its commit
 * (BidCancelledEvent). Operator work: admission control never refuses it.
 */
@CommandHandler(CancelBidCommand)
export class CancelBidHandler implements ICommandHandler<CancelBidCommand, BidCorrectionResult> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly writer: BidWriter,
    private readonly answers: CorrectionAnswers,
  ) {}

  async execute({ bidId, operator, reason }: CancelBidCommand) {
    const auctionId = await this.writer.auctionOfBid(bidId);
    if (!auctionId) throw new AppException('BID_NOT_FOUND');
    const outcome = await this.sequencer.cancelBid(auctionId, operator.id, bidId, reason);
    return this.answers.answer(auctionId, outcome, 'تم إلغاء المزايدة وإبلاغ صاحبها');
  }
}
