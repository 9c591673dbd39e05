import { Command } from '@nestjs/cqrs';
import type { AuthUser } from '../../../auth';
import type { MaxBidOutcome } from '../../engine/bid-sequencer';

/** A member withdraws their maximum, while it does not hold the price (R-MAX-BID). Result: where it left them. */
export class WithdrawMaxBidCommand extends Command<MaxBidOutcome> {
  constructor(
    readonly auctionId: string,
    readonly member: AuthUser,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
  ) {
    super();
  }
}
