import { Module } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuctionAudience } from './auction-audience';
import { AuctionBroadcastHandler } from './handlers/auction-broadcast.handler';
import { BidBroadcastHandler } from './handlers/bid-broadcast.handler';
import { SessionBroadcastHandler } from './handlers/session-broadcast.handler';
import { UserDeletedBroadcastHandler } from './handlers/user-deleted-broadcast.handler';
import { GatewayMetrics } from './gateway-metrics';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { SocketEventGate } from './socket-event-gate';
import { SocketEventRate } from './socket-event-rate';

/** Socket.IO gateway and the event handlers that turn domain events into socket messages (or close sockets). */
@Module({
  imports: [AuctionsModule],
  providers: [
    RealtimeGateway,
    RealtimePublisher,
    AuctionAudience,
    SocketEventRate,
    SocketEventGate,
    BidBroadcastHandler,
    AuctionBroadcastHandler,
    UserDeletedBroadcastHandler,
    SessionBroadcastHandler,
    GatewayMetrics,
  ],
  exports: [RealtimePublisher, SocketEventGate],
})
export class RealtimeModule {}
