import { Logger } from '@nestjs/common';
import { CommandHandler, EventBus, ICommandHandler } from '@nestjs/cqrs';
import { AuctionReadModel } from '../../auction-read-model';
import { AuctionEndedEvent } from '../../events/auction-ended.event';
import { AuctionStore } from '../../store/auction-store';
import { EndAuctionCommand } from './end-auction.command';

/**
 * Ends an auction exactly once, whoever asks (the delayed job, a retried job, the start-up
 * reconciliation, another replica): a conditional UPDATE that only matches an open auction
 * whose end has passed by the database clock. A bid committing at the same moment holds the
 * row and moves the end forward, so the UPDATE then matches nothing.
 */
@CommandHandler(EndAuctionCommand)
export class EndAuctionHandler implements ICommandHandler<EndAuctionCommand, boolean> {
  private readonly logger = new Logger(EndAuctionHandler.name);

  constructor(
    private readonly store: AuctionStore,
    private readonly readModel: AuctionReadModel,
    private readonly events: EventBus,
  ) {}

  async execute({ auctionId }: EndAuctionCommand): Promise<boolean> {
    const ended = await this.store.end(auctionId);
    if (!ended) return false;
    this.logger.log({ auctionId, status: ended.status, winnerId: ended.winnerId }, 'Auction ended');
    const auction = await this.readModel.findOne(auctionId);
    this.events.publish(
      new AuctionEndedEvent(auctionId, ended.status, ended.winnerId, ended.endedAt, auction ?? undefined),
    );
    return true;
  }
}
