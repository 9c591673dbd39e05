import { Query } from '@nestjs/cqrs';
import type { UserBidAuction } from '@mazad/contracts';

/** Auctions a member bid on (most recent bid first), with their highest amount and bid count. */
export class GetUserBidAuctionsQuery extends Query<UserBidAuction[]> {
  constructor(readonly userId: string) {
    super();
  }
}
