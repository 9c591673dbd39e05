import { Query } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

/** One auction as its detail page shows it; deleted ones only for admin sessions. */
export class GetAuctionQuery extends Query<Auction> {
  constructor(
    readonly auctionId: string,
    readonly viewer?: AuthUser,
  ) {
    super();
  }
}
