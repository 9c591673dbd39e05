import { Injectable } from '@nestjs/common';
import { auctionRoom, userRoom, type ServerToClientEvents } from '@mazad/contracts';
import { RealtimeGateway, sessionRoom } from './realtime.gateway';

type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/** Replicas come and go rarely: their count is asked of Redis at most this often. */
const REPLICA_COUNT_TTL_MS = 10_000;

/**
 * Emits to rooms on every replica (the Redis adapter carries it across). Events and their
 * payloads are those of the socket contract (`ServerToClientEvents` in contracts), so a
 * misspelt event or a payload of the wrong shape does not compile.
 */
@Injectable()
export class RealtimePublisher {
  private replicaCount = 1;
  private replicaCountAt = 0;

  constructor(private readonly gateway: RealtimeGateway) {}

  /** Sockets of THIS replica in an auction's room: what one message costs this replica to write. */
  localWatchers(auctionId: string): number {
    return this.gateway.server?.sockets.adapter.rooms.get(auctionRoom(auctionId))?.size ?? 0;
  }

  /**
   * Replicas sharing the rooms (the adapter's count of servers on the Redis channel), refreshed
   * in the background at most every REPLICA_COUNT_TTL_MS; 1 until first known or when unknown.
   */
  replicas(): number {
    const now = Date.now();
    if (this.gateway.server && now - this.replicaCountAt >= REPLICA_COUNT_TTL_MS) {
      this.replicaCountAt = now;
      this.gateway.server.sockets.adapter.serverCount().then(
        (n) => (this.replicaCount = Math.max(1, n)),
        () => undefined, // keep the last count: it only tunes the broadcast window
      );
    }
    return this.replicaCount;
  }

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
