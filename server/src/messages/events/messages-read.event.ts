/** The receiver opened a conversation and these messages of `senderId` became read. */
export class MessagesReadEvent {
  constructor(
    readonly auctionId: string,
    readonly readerId: string,
    readonly senderId: string,
    readonly messageIds: string[],
    readonly readAt: Date,
  ) {}
}
