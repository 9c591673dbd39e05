import { Command } from '@nestjs/cqrs';
import type { BidAnswerView, MaxBidFullResult, MaxBidResult } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member sets or changes their secret maximum on an auction (R-MAX-BID). */
export class SetMaxBidCommand extends Command<MaxBidResult | MaxBidFullResult> {
  constructor(
    readonly auctionId: string,
    readonly member: AuthUser,
    readonly amountFils: number,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
    /** Which auction the answer carries (ADR 0015). */
    readonly view: BidAnswerView = 'live',
  ) {
    super();
  }
}
