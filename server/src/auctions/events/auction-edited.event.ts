/** The seller used their one edit; the end time may have moved with a new duration. */
export class AuctionEditedEvent {
  constructor(
    readonly auctionId: string,
    readonly endTime: Date,
  ) {}
}
