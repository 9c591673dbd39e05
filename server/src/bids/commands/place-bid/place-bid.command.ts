import { Command } from '@nestjs/cqrs';
import type { Bid } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';
import type { AuctionViews } from '../../answer-views';

/**
 * A member bids `amountFils` on an auction, optionally under the client's idempotency key (kept
 * with the bid). Result: the accepted bid and the auction after it (both views: the answer picks one).
 */
export class PlaceBidCommand extends Command<{ views: AuctionViews; bid: Bid }> {
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
