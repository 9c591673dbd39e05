import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer, type MaxBidOutcome } from '../../engine/bid-sequencer';
import { WithdrawMaxBidCommand } from './withdraw-max-bid.command';

@CommandHandler(WithdrawMaxBidCommand)
export class WithdrawMaxBidHandler implements ICommandHandler<WithdrawMaxBidCommand, MaxBidOutcome> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Through the auction's queue, so it never races the automatic bid it would stop. Limited per
   * member (`max-bid-withdrawals-member`, R-BID-RATE), refused or not: each takes the queue and lock.
   */
  async execute({ auctionId, member, arrivedAt }: WithdrawMaxBidCommand) {
    await this.rateLimits.consumeMember('max-bid-withdrawals-member', member);
    return this.sequencer.withdrawMaxBid(auctionId, member.id, arrivedAt);
  }
}
