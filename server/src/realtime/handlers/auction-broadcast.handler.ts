import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { Auction, SocketEvents } from '@mazad/contracts';
import { AuctionReadModel } from '../../auctions';
import { AuctionCreatedEvent } from '../../auctions/events/auction-created.event';
import { AuctionEditedEvent } from '../../auctions/events/auction-edited.event';
import { AuctionEndedEvent } from '../../auctions/events/auction-ended.event';
import { AuctionRepricedEvent } from '../../auctions/events/auction-repriced.event';
import { AuctionSoldEvent } from '../../auctions/events/auction-sold.event';
import { RealtimePublisher } from '../realtime.publisher';
import { publishOutcome } from './auction-outcome';

type LifecycleEvent =
  AuctionCreatedEvent | AuctionEditedEvent | AuctionRepricedEvent | AuctionEndedEvent | AuctionSoldEvent;

/**
 * Lifecycle changes to watchers: new-auction (everyone), auction_updated (an edit, or a price
 * recomputed after a member's removal), auction_ended,
 * auction_bought; an end (which buy-now also publishes) also goes to the seller and the winner
 * (`publishOutcome`).
 */
@EventsHandler(AuctionCreatedEvent, AuctionEditedEvent, AuctionRepricedEvent, AuctionEndedEvent, AuctionSoldEvent)
export class AuctionBroadcastHandler implements IEventHandler<LifecycleEvent> {
  private readonly logger = new Logger(AuctionBroadcastHandler.name);

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly readModel: AuctionReadModel,
  ) {}

  async handle(event: LifecycleEvent) {
    try {
      const auction = ('auction' in event && event.auction) || (await this.readModel.findOne(event.auctionId));
      if (!auction) return;
      this.publish(event, auction);
    } catch (err) {
      this.logger.error({ err, auctionId: event.auctionId }, 'Broadcast failed');
    }
  }

  private publish(event: LifecycleEvent, auction: Auction) {
    if (event instanceof AuctionCreatedEvent) this.publisher.toEveryone(SocketEvents.NewAuction, auction);
    else if (event instanceof AuctionEditedEvent || event instanceof AuctionRepricedEvent)
      this.publisher.toAuction(event.auctionId, SocketEvents.AuctionUpdated, { auction });
    else if (event instanceof AuctionEndedEvent) {
      this.publisher.toAuction(event.auctionId, SocketEvents.AuctionEnded, { auction });
      publishOutcome(this.publisher, auction);
    } else {
      this.publisher.toAuction(event.auctionId, SocketEvents.AuctionBought, {
        auction,
        buyer: { _id: event.buyerId, id: event.buyerId, name: event.buyerName },
      });
    }
  }
}
