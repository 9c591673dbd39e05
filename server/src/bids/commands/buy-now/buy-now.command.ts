import { Command } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** A member buys an auction at its buy-now price. Result: the sold auction. */
export class BuyNowCommand extends Command<Auction> {
  constructor(
    readonly auctionId: string,
    readonly buyer: AuthUser,
  ) {
    super();
  }
}
