import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assertVerified } from '../../../auth';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer, type MaxBidOutcome } from '../../engine/bid-sequencer';
import { SetMaxBidCommand } from './set-max-bid.command';

@CommandHandler(SetMaxBidCommand)
export class SetMaxBidHandler implements ICommandHandler<SetMaxBidCommand, MaxBidOutcome> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Counted against the member's bid rate like a bid they place (R-BID-RATE); the automatic
   * bids it causes later are the engine's and count against nobody.
   */
  async execute({ auctionId, member, amountFils, arrivedAt }: SetMaxBidCommand) {
    assertVerified(member);
    await this.rateLimits.consumeMember('bids-member', member);
    return this.sequencer.setMaxBid(auctionId, member.id, amountFils, arrivedAt);
  }
}
