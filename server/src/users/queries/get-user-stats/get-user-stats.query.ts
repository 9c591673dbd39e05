import { Query } from '@nestjs/cqrs';
import type { UserStats } from '@mazad/contracts';

/** The profile tiles: a member's auctions by state, the bids they placed, the auctions they won. */
export class GetUserStatsQuery extends Query<UserStats> {
  constructor(readonly userId: string) {
    super();
  }
}
