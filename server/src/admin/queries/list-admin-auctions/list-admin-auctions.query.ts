import { Query } from '@nestjs/cqrs';
import type { AdminAuctionRow, AuctionStatusFilter } from '@mazad/contracts';
import type { ADMIN_AUCTION_SORTS, SortOrder } from '../../dto/admin-queries.dto';

export interface AdminAuctionFilters {
  q?: string;
  status?: AuctionStatusFilter;
  category?: string;
  sellerId?: string;
  page: number;
  limit: number;
  sort: keyof typeof ADMIN_AUCTION_SORTS;
  order: SortOrder;
}

export interface AdminAuctionsPage {
  auctions: AdminAuctionRow[];
  total: number;
}

/** One page of every auction (deleted and archived ones included), with the latest bids. */
export class ListAdminAuctionsQuery extends Query<AdminAuctionsPage> {
  constructor(readonly filters: AdminAuctionFilters) {
    super();
  }
}
