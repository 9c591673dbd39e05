import { Query } from '@nestjs/cqrs';
import type { AuctionList, AuctionStatusFilter, TimeFilter } from '@mazad/contracts';

/** Validated, canonical filters of GET /api/auctions (category canonical, limit capped). */
export interface AuctionListFilters {
  category?: string;
  search?: string;
  userId?: string;
  timeFilter?: TimeFilter;
  status?: AuctionStatusFilter;
  page: number;
  limit: number;
}

export class ListAuctionsQuery extends Query<AuctionList> {
  constructor(readonly filters: AuctionListFilters) {
    super();
  }
}
