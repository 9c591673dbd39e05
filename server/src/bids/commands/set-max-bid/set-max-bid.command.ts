import { Command } from '@nestjs/cqrs';
import {
  DEFAULT_BID_ANSWER_VIEW,
  type BidAnswerView,
  type MaxBidLiveResult,
  type MaxBidResult,
} from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member sets or changes their secret maximum on an auction (R-MAX-BID). */
export class SetMaxBidCommand extends Command<MaxBidResult | MaxBidLiveResult> {
  constructor(
    readonly auctionId: string,
    readonly member: AuthUser,
    readonly amountFils: number,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
    /** Which auction the answer carries (ADR 0018). */
    readonly view: BidAnswerView = DEFAULT_BID_ANSWER_VIEW,
  ) {
    super();
  }
}
