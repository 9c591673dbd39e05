import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { SocketEvents } from '@mazad/contracts';
import { UserDeletedEvent } from '../../admin/events/user-deleted.event';
import { AuctionReadModel } from '../../auctions';
import { RealtimePublisher } from '../realtime.publisher';

/**
 * An admin deleted a member. Their open sockets are closed on every replica (the account is
 * anonymised and its tokens are void, so it must stop receiving private events such as
 * messages and outbid notices), and watchers of the auctions the deletion cancelled get
 * `auction_updated { auction }` with the cancelled status instead of bidding into a refusal.
 */
@EventsHandler(UserDeletedEvent)
export class UserDeletedBroadcastHandler implements IEventHandler<UserDeletedEvent> {
  private readonly logger = new Logger(UserDeletedBroadcastHandler.name);

  constructor(
    private readonly publisher: RealtimePublisher,
    private readonly readModel: AuctionReadModel,
  ) {}

  async handle(event: UserDeletedEvent) {
    this.publisher.disconnectUser(event.userId);
    for (const auctionId of event.cancelledAuctionIds) {
      try {
        const auction = await this.readModel.findOne(auctionId);
        if (auction) this.publisher.toAuction(auctionId, SocketEvents.AuctionUpdated, { auction });
      } catch (err) {
        this.logger.error({ err, auctionId }, 'Broadcast failed');
      }
    }
  }
}
