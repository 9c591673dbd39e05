import { Command } from '@nestjs/cqrs';
import type { WatchResult } from '@mazad/contracts';

/** A member saves (`watched`) or unsaves an auction; repeating it answers the same. */
export class SetWatchCommand extends Command<WatchResult> {
  constructor(
    readonly userId: string,
    readonly auctionId: string,
    readonly watched: boolean,
  ) {
    super();
  }
}
