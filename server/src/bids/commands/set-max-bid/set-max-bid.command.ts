import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../auth';
import type { MaxBidOutcome } from '../../engine/bid-sequencer';

/** A member sets or changes their secret maximum on an auction (R-MAX-BID). Result: where it left them. */
export class SetMaxBidCommand extends Command<MaxBidOutcome> {
  constructor(
    readonly auctionId: string,
    readonly member: AuthUser,
    readonly amountFils: number,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
  ) {
    super();
  }
}
