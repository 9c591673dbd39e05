import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MaxBidResult, MaxBidLiveResult } from '@mazad/contracts';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer } from '../../engine/bid-sequencer';
import { MaxBidAnswers } from '../../max-bid-answers';
import { WithdrawMaxBidCommand } from './withdraw-max-bid.command';

@CommandHandler(WithdrawMaxBidCommand)
export class WithdrawMaxBidHandler implements ICommandHandler<WithdrawMaxBidCommand, MaxBidLiveResult | MaxBidResult> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
    private readonly answers: MaxBidAnswers,
  ) {}

  /**
   * Through the auction's queue, so it never races the automatic bid it would stop. Limited per
   * member (`max-bid-withdrawals-member`, R-BID-RATE), refused or not: each takes the queue and lock.
   */
  async execute({ auctionId, member, arrivedAt, view }: WithdrawMaxBidCommand) {
    await this.rateLimits.consumeMember('max-bid-withdrawals-member', member);
    const outcome = await this.sequencer.withdrawMaxBid(auctionId, member.id, arrivedAt);
    return this.answers.answer(auctionId, member.id, outcome, 'تم سحب حدك الأقصى', view);
  }
}
