import { Command } from '@nestjs/cqrs';

/** Move an ended auction to the archive if it is due (no-op otherwise, or when already archived). */
export class ArchiveAuctionCommand extends Command<boolean> {
  constructor(readonly auctionId: string) {
    super();
  }
}
