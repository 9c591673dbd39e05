import { Command } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member buys an auction at its buy-now price (the one they saw, when given). Result: the sold auction. */
export class BuyNowCommand extends Command<Auction> {
  constructor(
    readonly auctionId: string,
    readonly buyer: AuthUser,
    /** The buy-now price (fils) the buyer was shown; undefined when the client sent none. */
    readonly expectedFils?: number,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
  ) {
    super();
  }
}
