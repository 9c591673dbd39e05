import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { AuctionEndScheduler } from '../../scheduling/auction-end.scheduler';
import { AuctionCreatedEvent } from '../auction-created.event';
import { AuctionDeletedEvent } from '../auction-deleted.event';
import { AuctionEditedEvent } from '../auction-edited.event';

/** Creating or editing an auction (re)times its end job; deleting it drops the job. */
@EventsHandler(AuctionCreatedEvent, AuctionEditedEvent, AuctionDeletedEvent)
export class ScheduleAuctionEndHandler implements IEventHandler<
  AuctionCreatedEvent | AuctionEditedEvent | AuctionDeletedEvent
> {
  private readonly logger = new Logger(ScheduleAuctionEndHandler.name);

  constructor(private readonly scheduler: AuctionEndScheduler) {}

  async handle(event: AuctionCreatedEvent | AuctionEditedEvent | AuctionDeletedEvent) {
    try {
      if (event instanceof AuctionDeletedEvent) await this.scheduler.cancel(event.auctionId);
      else await this.scheduler.schedule(event.auctionId, event.endTime);
    } catch (err) {
      // The reconciler's sweep still ends the auction on time (within its interval).
      this.logger.error({ err, auctionId: event.auctionId }, 'Could not schedule the end job');
    }
  }
}
