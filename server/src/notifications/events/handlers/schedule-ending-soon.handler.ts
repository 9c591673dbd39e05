import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { AuctionCreatedEvent } from '../../../auctions/events/auction-created.event';
import { AuctionDeletedEvent } from '../../../auctions/events/auction-deleted.event';
import { AuctionEditedEvent } from '../../../auctions/events/auction-edited.event';
import { AuctionEndedEvent } from '../../../auctions/events/auction-ended.event';
import { BidPlacedEvent } from '../../../auctions/events/bid-placed.event';
import { EndingSoonScheduler } from '../../scheduling/ending-soon.scheduler';

type EndEvent = AuctionCreatedEvent | AuctionEditedEvent | BidPlacedEvent | AuctionEndedEvent | AuctionDeletedEvent;

/**
 * Keeps each open auction's "ending soon" job at the end minus the lead time: set when the
 * auction is listed, moved when an edit or a bid's extension moves the end, dropped when the
 * auction ends or is deleted. A bid whose auction's reminder is already due (the last minutes,
 * where extensions and storms happen) leaves the queue alone.
 */
@EventsHandler(AuctionCreatedEvent, AuctionEditedEvent, BidPlacedEvent, AuctionEndedEvent, AuctionDeletedEvent)
export class ScheduleEndingSoonHandler implements IEventHandler<EndEvent> {
  private readonly logger = new Logger(ScheduleEndingSoonHandler.name);

  constructor(private readonly scheduler: EndingSoonScheduler) {}

  async handle(event: EndEvent): Promise<void> {
    try {
      if (event instanceof AuctionEndedEvent || event instanceof AuctionDeletedEvent) {
        await this.scheduler.cancel(event.auctionId);
        return;
      }
      const endTime =
        event instanceof BidPlacedEvent ? event.auction && new Date(event.auction.endTime) : event.endTime;
      if (!endTime) return;
      const dueAt = EndingSoonScheduler.dueAt(endTime);
      if (event instanceof BidPlacedEvent && dueAt.getTime() <= Date.now()) return;
      await this.scheduler.schedule(event.auctionId, dueAt);
    } catch (err) {
      // The sweep still sends the reminder within its interval.
      this.logger.error({ err, auctionId: event.auctionId }, 'Could not schedule the ending-soon job');
    }
  }
}
