/** An admin deleted a member: the account is anonymised and its open auctions were cancelled. */
export class UserDeletedEvent {
  constructor(
    readonly userId: string,
    readonly cancelledAuctionIds: string[],
  ) {}
}
