import { Query } from '@nestjs/cqrs';
import type { AuctionList, AuctionSort, AuctionStatusFilter, TimeFilter } from '@mazad/contracts';

/** Validated, canonical filters of GET /api/auctions (category canonical, limit capped). */
export interface AuctionListFilters {
  category?: string;
  search?: string;
  userId?: string;
  timeFilter?: TimeFilter;
  status?: AuctionStatusFilter;
  /** The order asked for; without one, `ending`, or relevance for a search. */
  sort?: AuctionSort;
  /** Current price range in JOD, both ends included. */
  minPrice?: number;
  maxPrice?: number;
  page: number;
  limit: number;
}

export class ListAuctionsQuery extends Query<AuctionList> {
  constructor(readonly filters: AuctionListFilters) {
    super();
  }
}
