import type { Auction } from '@mazad/contracts';

/**
 * An operator removed a member and the auction's price and leader were recomputed without
 * their bids and maximums (R-MAX-BID-REMOVAL): watchers get the corrected auction.
 */
export class AuctionRepricedEvent {
  constructor(
    readonly auctionId: string,
    /** The auction after the correction, when the publisher already read it. */
    readonly auction?: Auction,
  ) {}
}
