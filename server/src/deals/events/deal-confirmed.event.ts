import type { Auction } from '@mazad/contracts';

/** The deal of a sold auction was confirmed (exactly once). */
export class DealConfirmedEvent {
  constructor(
    readonly auctionId: string,
    readonly confirmedBy: string,
    readonly auction: Auction,
  ) {}
}
