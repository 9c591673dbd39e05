import { Query } from '@nestjs/cqrs';
import type { WatchlistResult } from '@mazad/contracts';

/** A member's watchlist page, most recently watched first. */
export class GetWatchlistQuery extends Query<WatchlistResult> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly limit: number,
  ) {
    super();
  }
}
