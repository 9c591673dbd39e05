import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { AuctionDeletedEvent } from '../../../auctions/events/auction-deleted.event';
import { AuctionEndedEvent } from '../../../auctions/events/auction-ended.event';
import { ArchivePolicy } from '../../archive-policy';
import { AuctionArchiveScheduler } from '../../scheduling/auction-archive.scheduler';

/**
 * An auction ended (time ran out or buy-now): schedule its move to the archive. An auction
 * deleted by an admin is never archived, so its job (if any) is dropped.
 */
@EventsHandler(AuctionEndedEvent, AuctionDeletedEvent)
export class ScheduleAuctionArchiveHandler implements IEventHandler<AuctionEndedEvent | AuctionDeletedEvent> {
  private readonly logger = new Logger(ScheduleAuctionArchiveHandler.name);

  constructor(
    private readonly policy: ArchivePolicy,
    private readonly scheduler: AuctionArchiveScheduler,
  ) {}

  async handle(event: AuctionEndedEvent | AuctionDeletedEvent) {
    try {
      if (event instanceof AuctionDeletedEvent) {
        await this.scheduler.cancel(event.auctionId);
        return;
      }
      const dueAt = this.policy.dueAt(event.status, new Date(event.endedAt));
      if (dueAt) await this.scheduler.schedule(event.auctionId, dueAt);
    } catch (err) {
      // The reconciler's sweep still archives the auction (within its interval).
      this.logger.error({ err, auctionId: event.auctionId }, 'Could not schedule the archive job');
    }
  }
}
