import { Query } from '@nestjs/cqrs';
import type { Auction, AuctionStatusFilter } from '@mazad/contracts';

/** A seller's live auctions, newest first (never deleted or archived ones), optionally in one status. */
export class GetUserAuctionsQuery extends Query<Auction[]> {
  constructor(
    readonly userId: string,
    readonly status?: AuctionStatusFilter,
  ) {
    super();
  }
}
