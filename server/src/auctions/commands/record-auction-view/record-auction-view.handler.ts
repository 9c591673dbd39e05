import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AuctionViewCounter } from '../../views/auction-view-counter';
import { RecordAuctionViewCommand } from './record-auction-view.command';

/** No database write here: the counter dedupes per visitor in Redis and flushes in batches. */
@CommandHandler(RecordAuctionViewCommand)
export class RecordAuctionViewHandler implements ICommandHandler<RecordAuctionViewCommand, number> {
  constructor(private readonly counter: AuctionViewCounter) {}

  execute({ auctionId, visitor }: RecordAuctionViewCommand): Promise<number> {
    return this.counter.record(auctionId, visitor);
  }
}
