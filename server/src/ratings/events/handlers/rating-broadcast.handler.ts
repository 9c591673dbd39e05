import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SocketEvents, type RatedPayload } from '@mazad/contracts';
import { RealtimePublisher } from '../../../realtime';
import { SellerRatedEvent } from '../seller-rated.event';

/**
 * `rated` to the rated member (their profile's ratings and summary) and to the rater (the deal
 * panel's "rated" state, on every tab and replica), in their own `user:<id>` rooms.
 */
@EventsHandler(SellerRatedEvent)
export class RatingBroadcastHandler implements IEventHandler<SellerRatedEvent> {
  constructor(private readonly publisher: RealtimePublisher) {}

  handle({ auctionId, raterId, ratedUserId, stars }: SellerRatedEvent) {
    const payload: RatedPayload = { auctionId, raterId, ratedUserId, stars };
    for (const member of [ratedUserId, raterId]) this.publisher.toUser(member, SocketEvents.Rated, payload);
  }
}
