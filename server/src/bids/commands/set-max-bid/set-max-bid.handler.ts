import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { MaxBidResult, MaxBidLiveResult } from '@mazad/contracts';
import { assertVerified } from '../../../auth';
import { RateLimitService } from '../../../infrastructure/rate-limit/rate-limit.service';
import { BidSequencer } from '../../engine/bid-sequencer';
import { MaxBidAnswers } from '../../max-bid-answers';
import { SetMaxBidCommand } from './set-max-bid.command';

/** Where the new maximum left the member, in Arabic (R-MAX-BID). */
const MESSAGES = {
  leading: 'تم حفظ حدك الأقصى، وأنت صاحب أعلى مزايدة',
  tiedEarlier: 'تم حفظ حدك الأقصى، لكن عضواً آخر سبقك إلى حدٍّ أقصى مساوٍ فبقي في المقدمة',
  behind: 'تم حفظ حدك الأقصى، لكن مزايدة أعلى منه تتقدم عليه',
};

@CommandHandler(SetMaxBidCommand)
export class SetMaxBidHandler implements ICommandHandler<SetMaxBidCommand, MaxBidLiveResult | MaxBidResult> {
  constructor(
    private readonly sequencer: BidSequencer,
    private readonly rateLimits: RateLimitService,
    private readonly answers: MaxBidAnswers,
  ) {}

  /**
   * Counted against the member's bid rate like a bid they place (R-BID-RATE); the automatic
   * bids it causes later are the engine's and count against nobody.
   */
  async execute({ auctionId, member, amountFils, arrivedAt, view }: SetMaxBidCommand) {
    assertVerified(member);
    await this.rateLimits.consumeMember('bids-member', member);
    const outcome = await this.sequencer.setMaxBid(auctionId, member.id, amountFils, arrivedAt);
    const message = outcome.leading ? MESSAGES.leading : outcome.tiedEarlier ? MESSAGES.tiedEarlier : MESSAGES.behind;
    return this.answers.answer(auctionId, member.id, outcome, message, view);
  }
}
