import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BidSequencer } from '../../engine/bid-sequencer';
import { RepriceWithoutMemberCommand } from './reprice-without-member.command';

/**
 * Reprices, one auction after the other, each in that auction's bid order (BidSequencer), so a
 * reprice never races a bid. One auction's failure does not stop the others: it is logged, and
 * that auction keeps its price until its next bid is judged without the member (their maximums
 * are already gone).
 */
@CommandHandler(RepriceWithoutMemberCommand)
export class RepriceWithoutMemberHandler implements ICommandHandler<RepriceWithoutMemberCommand, void> {
  private readonly logger = new Logger(RepriceWithoutMemberHandler.name);

  constructor(private readonly sequencer: BidSequencer) {}

  async execute({ memberId, auctionIds }: RepriceWithoutMemberCommand): Promise<void> {
    for (const auctionId of auctionIds) {
      await this.sequencer
        .repriceWithoutMember(auctionId, memberId)
        .catch((err) => this.logger.error({ err, auctionId }, 'Reprice after a member removal failed'));
    }
  }
}
