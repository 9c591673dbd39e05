import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../config/app-config';
import { AuctionCreatedEvent } from '../../../auctions/events/auction-created.event';
import { AuctionDeletedEvent } from '../../../auctions/events/auction-deleted.event';
import { AuctionEditedEvent } from '../../../auctions/events/auction-edited.event';
import { AuctionEndedEvent } from '../../../auctions/events/auction-ended.event';
import { BidsCommittedEvent } from '../../../auctions/events/bids-committed.event';
import { EndingSoonScheduler } from '../../scheduling/ending-soon.scheduler';

const EXTENSION_SLACK_MS = 1_000;

type EndEvent = AuctionCreatedEvent | AuctionEditedEvent | BidsCommittedEvent | AuctionEndedEvent | AuctionDeletedEvent;

/**
 * Keeps each open auction's "ending soon" jobs, one per lead time, at the end minus that lead
 * time: set when the auction is listed, moved when an edit or a bid's extension moves the end,
 * dropped when the auction ends or is deleted. Only a bid that extended the end (R-ANTI-SNIPING:
 * the end is now its time plus the extension) touches the queue, and only for the stages not yet
 * due, so a storm of bids costs Redis nothing.
 */
@EventsHandler(AuctionCreatedEvent, AuctionEditedEvent, BidsCommittedEvent, AuctionEndedEvent, AuctionDeletedEvent)
export class ScheduleEndingSoonHandler implements IEventHandler<EndEvent> {
  private readonly logger = new Logger(ScheduleEndingSoonHandler.name);

  constructor(
    private readonly scheduler: EndingSoonScheduler,
    private readonly config: AppConfig,
  ) {}

  async handle(event: EndEvent): Promise<void> {
    try {
      if (event instanceof AuctionEndedEvent || event instanceof AuctionDeletedEvent) {
        await this.scheduler.cancelStages(event.auctionId);
        return;
      }
      const endTime = event instanceof BidsCommittedEvent ? this.extendedEnd(event) : event.endTime;
      if (!endTime) return;
      await this.scheduler.scheduleStages(event.auctionId, endTime, { aheadOnly: event instanceof BidsCommittedEvent });
    } catch (err) {
      // The sweep still sends the reminder within its interval.
      this.logger.error({ err, auctionId: event.auctionId }, 'Could not schedule the ending-soon job');
    }
  }

  /**
   * The end these bids moved, or null when their extension did not move it (or the auction is
   * not known). The extension counts from the transaction's start (`now()`), a bid's time is its
   * row's (`clock_timestamp()`, a little later): within a second of one bid's is "this bid moved
   * it", and a needless re-time is harmless.
   */
  private extendedEnd(event: BidsCommittedEvent): Date | null {
    if (!event.auction) return null;
    const end = new Date(event.auction.endTime);
    const extension = this.config.bidExtensionSeconds * 1000;
    const moved = event.bids.some(
      (b) => Math.abs(end.getTime() - (b.createdAt.getTime() + extension)) < EXTENSION_SLACK_MS,
    );
    return moved ? end : null;
  }
}
