import { Query } from '@nestjs/cqrs';
import type { Auction } from '@mazad/contracts';

/** Auctions a member won (by bidding or buy-now) that are not archived yet, most recently ended first. */
export class GetWonAuctionsQuery extends Query<Auction[]> {
  constructor(readonly userId: string) {
    super();
  }
}
