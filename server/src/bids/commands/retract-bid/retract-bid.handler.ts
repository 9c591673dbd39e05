import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { BidCorrectionResult } from '@mazad/contracts';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { CorrectionAnswers } from '../../correction-answers';
import { BidSequencer } from '../../engine/bid-sequencer';
import { RetractBidCommand } from './retract-bid.command';

/**
 * Through the auction's queue, like a bid (R-BID-RETRACT): the rules are judged there, by the
 * database clock, against the auction as the bids before it left it, and the reprice, its record
 * and the member's monthly limit are written in one transaction (AuctionStore.reprice). Limited
 * per member (`bid-retractions-member`, refused or not: each takes the queue and lock).
 */
@CommandHandler(RetractBidCommand)
export class RetractBidHandler implements ICommandHandler<RetractBidCommand, BidCorrectionResult> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
    private readonly answers: CorrectionAnswers,
  ) {}

  async execute({ auctionId, bidId, member, reason, arrivedAt }: RetractBidCommand) {
    await this.rateLimits.consumeMember('bid-retractions-member', member);
    const outcome = await this.sequencer.retractBid(auctionId, member.id, bidId, reason, arrivedAt);
    return this.answers.answer(auctionId, outcome, 'تم سحب مزايدتك، وعاد السعر إلى ما تقتضيه المزايدات الباقية');
  }
}
