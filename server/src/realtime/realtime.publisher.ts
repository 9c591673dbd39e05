import { Injectable } from '@nestjs/common';
import { auctionRoom, userRoom } from '@mazad/contracts';
import { RealtimeGateway } from './realtime.gateway';

/** Emits to rooms on every replica (the Redis adapter carries it across). */
@Injectable()
export class RealtimePublisher {
  constructor(private readonly gateway: RealtimeGateway) {}

  toAuction(auctionId: string, event: string, payload: unknown) {
    this.gateway.server?.to(auctionRoom(auctionId)).emit(event, payload);
  }

  toUser(userId: string, event: string, payload: unknown) {
    this.gateway.server?.to(userRoom(userId)).emit(event, payload);
  }

  toEveryone(event: string, payload: unknown) {
    this.gateway.server?.emit(event, payload);
  }
}
