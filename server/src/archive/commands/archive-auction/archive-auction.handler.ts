import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AuctionStore } from '../../../auctions';
import { ArchivePolicy } from '../../archive-policy';
import { ArchiveAuctionCommand } from './archive-auction.command';

/**
 * Archives exactly once, whoever asks (the delayed job, a retry, the start-up reconciliation,
 * the sweep, another replica): the store's archive transition only matches a sold or unsold
 * auction, not archived yet, whose archive moment has passed by the database clock. The row
 * itself stays, so its bids, messages and ratings stay linked and nothing is copied.
 */
@CommandHandler(ArchiveAuctionCommand)
export class ArchiveAuctionHandler implements ICommandHandler<ArchiveAuctionCommand, boolean> {
  private readonly logger = new Logger(ArchiveAuctionHandler.name);

  constructor(
    private readonly store: AuctionStore,
    private readonly policy: ArchivePolicy,
  ) {}

  async execute({ auctionId }: ArchiveAuctionCommand): Promise<boolean> {
    const archived = await this.store.archive(auctionId, this.policy.delays());
    if (!archived) return false;
    this.logger.log({ auctionId, status: archived.status }, 'Auction archived');
    return true;
  }
}
