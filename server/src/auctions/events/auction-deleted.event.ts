/** An auction was removed by its seller or an admin (its end job is no longer needed). */
export class AuctionDeletedEvent {
  constructor(readonly auctionId: string) {}
}
