import { Command } from '@nestjs/cqrs';
import type { Auction, Bid } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/**
 * A member bids `amountFils` on an auction, optionally under the client's idempotency key (kept
 * with the bid). Result: the accepted bid and the auction after it.
 */
export class PlaceBidCommand extends Command<{ auction: Auction; bid: Bid }> {
  constructor(
    readonly auctionId: string,
    readonly bidder: AuthUser,
    readonly amountFils: number,
    readonly idempotencyKey?: string,
    /** `performance.now()` when the request reached the process (admission control's deadline). */
    readonly arrivedAt = performance.now(),
  ) {
    super();
  }
}
