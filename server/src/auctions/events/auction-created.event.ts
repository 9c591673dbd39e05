/** A seller listed a new auction (drives end scheduling and the `new-auction` broadcast). */
export class AuctionCreatedEvent {
  constructor(
    readonly auctionId: string,
    readonly endTime: Date,
  ) {}
}
