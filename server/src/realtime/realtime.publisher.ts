import { Injectable } from '@nestjs/common';
import { auctionRoom, userRoom, type ServerToClientEvents } from '@mazad/contracts';
import { RealtimeGateway, sessionRoom } from './realtime.gateway';

type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/**
 * Emits to rooms on every replica (the Redis adapter carries it across). Events and their
 * payloads are those of the socket contract (`ServerToClientEvents` in contracts), so a
 * misspelt event or a payload of the wrong shape does not compile.
 */
@Injectable()
export class RealtimePublisher {
  constructor(private readonly gateway: RealtimeGateway) {}

  toAuction<E extends EventName>(auctionId: string, event: E, ...args: EventArgs<E>) {
    this.gateway.server?.to(auctionRoom(auctionId)).emit(event, ...args);
  }

  toUser<E extends EventName>(userId: string, event: E, ...args: EventArgs<E>) {
    this.gateway.server?.to(userRoom(userId)).emit(event, ...args);
  }

  toEveryone<E extends EventName>(event: E, ...args: EventArgs<E>) {
    this.gateway.server?.emit(event, ...args);
  }

  /** Closes every socket of a member, on every replica (e.g. the account was deleted). */
  disconnectUser(userId: string) {
    this.gateway.server?.in(userRoom(userId)).disconnectSockets(true);
  }

  /** Closes the sockets opened with one token, on every replica (logout). */
  disconnectSession(sessionId: string) {
    this.gateway.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }
}
