import type { Auction } from '@mazad/contracts';

/** A bid was accepted and committed. */
export class BidPlacedEvent {
  constructor(
    readonly auctionId: string,
    readonly bidId: string,
    readonly bidderId: string,
    readonly amountFils: number,
    /** The member who led before this bid (now outbid), if any and if someone else. */
    readonly outbidUserId: string | null,
    /** When the database stored the bid. */
    readonly createdAt: Date,
    /** `performance.now()` of the publishing process when the commit returned (commit-to-broadcast latency). */
    readonly committedAt: number,
    /** The auction as it stands after this change, when the publisher already read it. */
    readonly auction?: Auction,
    /** Placed by the engine for the bidder's maximum (R-MAX-BID); the maximum itself is never carried. */
    readonly automatic = false,
  ) {}
}
