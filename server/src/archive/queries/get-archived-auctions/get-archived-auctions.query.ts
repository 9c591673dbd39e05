import { Query } from '@nestjs/cqrs';
import type { ArchivedAuction, AuctionStatus } from '@mazad/contracts';
import type { AuthUser } from '../../../auth';

export interface ArchivedAuctionsPage {
  archivedAuctions: ArchivedAuction[];
  total: number;
  page: number;
  limit: number;
}

/**
 * A member's archived auctions, most recently archived first: as seller (`seller`, optionally
 * only sold or unsold ones) or the ones they won (`winner`). Only the member or an admin session.
 */
export class GetArchivedAuctionsQuery extends Query<ArchivedAuctionsPage> {
  constructor(
    readonly viewer: AuthUser,
    readonly userId: string,
    readonly side: 'seller' | 'winner',
    readonly page: number,
    readonly limit: number,
    readonly status?: AuctionStatus,
  ) {
    super();
  }
}
