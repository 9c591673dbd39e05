/** Close an auction whose time is up (no-op when it is still running or already closed). */
export class EndAuctionCommand {
  constructor(readonly auctionId: string) {}
}
