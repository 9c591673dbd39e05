import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SocketEvents, type DealConfirmedPayload } from '@mazad/contracts';
import { RealtimePublisher } from '../../../realtime';
import { DealConfirmedEvent } from '../deal-confirmed.event';

/**
 * Watchers of the auction (the open detail page) get `auction_updated { auction }`; the seller
 * and the winner get `deal_confirmed` in their own rooms, because their deal panels (/messages,
 * profile, archive) do not watch the auction.
 */
@EventsHandler(DealConfirmedEvent)
export class DealBroadcastHandler implements IEventHandler<DealConfirmedEvent> {
  constructor(private readonly publisher: RealtimePublisher) {}

  handle({ auctionId, confirmedBy, auction }: DealConfirmedEvent) {
    this.publisher.toAuction(auctionId, SocketEvents.AuctionUpdated, { auction });
    const payload: DealConfirmedPayload = {
      auctionId,
      confirmedBy,
      dealConfirmedAt: auction.dealConfirmedAt,
    };
    for (const party of [auction.seller, auction.winner]) {
      if (party) this.publisher.toUser(party._id, SocketEvents.DealConfirmed, payload);
    }
  }
}
