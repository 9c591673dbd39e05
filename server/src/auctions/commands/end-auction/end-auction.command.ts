import { Command } from '@nestjs/cqrs';

/**
 * Close an auction whose time is up (no-op when it is still running or already closed).
 * Result: true when this call ended it, false when there was nothing to do.
 */
export class EndAuctionCommand extends Command<boolean> {
  constructor(readonly auctionId: string) {
    super();
  }
}
