import { Command } from '@nestjs/cqrs';

/** Counts one view of an auction page; resolves false when there is no such (undeleted) auction. */
export class RecordAuctionViewCommand extends Command<boolean> {
  constructor(readonly auctionId: string) {
    super();
  }
}
