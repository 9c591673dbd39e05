import { Query } from '@nestjs/cqrs';
import type { WatchingResult } from '@mazad/contracts';

/** Which of the given auctions a member watches (the watch toggles of a list page). */
export class GetWatchingQuery extends Query<WatchingResult> {
  constructor(
    readonly userId: string,
    readonly auctionIds: readonly string[],
  ) {
    super();
  }
}
