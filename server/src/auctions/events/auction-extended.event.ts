/** Anti-sniping moved the end of an auction (endTime = bid time + BID_EXTENSION). */
export class AuctionExtendedEvent {
  constructor(
    readonly auctionId: string,
    readonly endTime: Date,
  ) {}
}
