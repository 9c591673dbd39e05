import type { AuctionStatus } from '@mazad/contracts';

/** An auction moved to the archive (exactly once): it left the live lists. */
export class AuctionArchivedEvent {
  constructor(
    readonly auctionId: string,
    readonly status: AuctionStatus,
    readonly archivedAt: Date,
  ) {}
}
