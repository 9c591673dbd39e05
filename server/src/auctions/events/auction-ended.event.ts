import type { Auction, AuctionStatus } from '@mazad/contracts';

/** An auction closed (time ran out, or buy-now): exactly once per auction. */
export class AuctionEndedEvent {
  constructor(
    readonly auctionId: string,
    readonly status: AuctionStatus,
    readonly winnerId: string | null,
    readonly endedAt: Date,
    /** The auction as it stands after this change, when the publisher already read it. */
    readonly auction?: Auction,
  ) {}
}
