import { Query } from '@nestjs/cqrs';
import type { OwnMaxBidResult } from '@mazad/contracts';

/** A member reads their own maximum on an auction (R-MAX-BID): nobody else's is ever read. */
export class GetMaxBidQuery extends Query<OwnMaxBidResult> {
  constructor(
    readonly auctionId: string,
    readonly userId: string,
  ) {
    super();
  }
}
