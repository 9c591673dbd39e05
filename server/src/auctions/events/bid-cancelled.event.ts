/**
 * An operator cancelled one bid and the auction was repriced (R-BID-OPERATOR-CANCEL): the bidder
 * is told, with the operator's reason (docs/notifications.md).
 */
export class BidCancelledEvent {
  constructor(
    readonly auctionId: string,
    readonly bidId: string,
    readonly bidderId: string,
    readonly reason: string,
  ) {}
}
