import type { Auction } from '@mazad/contracts';

/** A member bought the auction at its buy-now price; it ended at once. */
export class AuctionSoldEvent {
  constructor(
    readonly auctionId: string,
    readonly buyerId: string,
    readonly buyerName: string,
    /** The auction as it stands after this change, when the publisher already read it. */
    readonly auction?: Auction,
  ) {}
}
