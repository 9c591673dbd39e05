import { Command } from '@nestjs/cqrs';

/**
 * An operator removed `memberId`: each open auction in `auctionIds` (where the engine had placed
 * a standing bid for their maximum) is repriced without those bids and their maximums (R-MAX-BID-REMOVAL).
 */
export class RepriceWithoutMemberCommand extends Command<void> {
  constructor(
    readonly memberId: string,
    readonly auctionIds: string[],
  ) {
    super();
  }
}
