import { Command } from '@nestjs/cqrs';

/**
 * Counts a view of an auction page, once per visitor (member id or client IP) per window.
 * Result: the views not yet written to the database (to add to the `viewCount` just read).
 */
export class RecordAuctionViewCommand extends Command<number> {
  constructor(
    readonly auctionId: string,
    readonly visitor: string,
  ) {
    super();
  }
}
