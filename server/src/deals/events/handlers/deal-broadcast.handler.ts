import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SocketEvents } from '@mazad/contracts';
import { RealtimePublisher } from '../../../realtime';
import { DealConfirmedEvent } from '../deal-confirmed.event';

/** Watchers of the auction (the open chat and detail pages) get `auction_updated { auction }`. */
@EventsHandler(DealConfirmedEvent)
export class DealBroadcastHandler implements IEventHandler<DealConfirmedEvent> {
  constructor(private readonly publisher: RealtimePublisher) {}

  handle(event: DealConfirmedEvent) {
    this.publisher.toAuction(event.auctionId, SocketEvents.AuctionUpdated, { auction: event.auction });
  }
}
