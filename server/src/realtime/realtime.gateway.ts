import { Logger, OnModuleDestroy, UseFilters } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  ERROR_MESSAGES,
  SocketEvents,
  auctionRoom,
  userRoom,
  type AuctionRoomAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@mazad/contracts';
import type { Server, Socket } from 'socket.io';
import { type AuthUser, sessionIdOf, type TokenClaims, TokenService } from '../auth';
import { SocketErrorsFilter } from '../common/errors/socket-errors.filter';
import { canonicalId } from '../common/validation/ids';
import { AppConfig } from '../config/app-config';
import { Lifecycle } from '../infrastructure/lifecycle/lifecycle';
import type { ProcessEvents } from './process-events';
import { canonicalizeIds } from './canonical-ids';
import { checkSocketInput } from './socket-input';
import { SocketEventGate } from './socket-event-gate';
import { SocketEventRate } from './socket-event-rate';
import { joinLifecycle } from './socket-lifecycle';

/**
 * What the gateway knows of a socket (`socket.data`), for every gateway of the server (the bids
 * answer `place_bid` / `buy_now` with it).
 */
export interface SocketData {
  /** The member, as of the last event the socket sent (re-read with each one, see handleConnection). */
  user?: AuthUser;
  /** The claims of the token the socket signed in with (re-checked while it stays open). */
  claims?: TokenClaims;
  /** The handshake carried a token that did not hold: the socket is a visitor, told TOKEN_INVALID. */
  tokenRejected?: boolean;
}

/** The room of the sockets opened with one token (logout closes them). Server-side only. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** How often each replica re-checks the tokens of its open member sockets (see sweep()). */
export const SOCKET_TOKEN_RECHECK_MS = 30_000;

/** Typed by the socket contract in contracts (events heard, events emitted) and the processes' own events. */
type MazadServer = Server<ClientToServerEvents, ServerToClientEvents, ProcessEvents, SocketData>;
type MazadSocket = Socket<ClientToServerEvents, ServerToClientEvents, ProcessEvents, SocketData>;

/** Auction rooms one socket may watch at once (the home page live-updates at most a page of cards). */
export const MAX_AUCTION_ROOMS = 50;
const AUCTION_ROOM_PREFIX = auctionRoom('');
const auctionRoomsOf = (socket: { rooms: Set<string> }) =>
  [...socket.rooms].filter((r) => r.startsWith(AUCTION_ROOM_PREFIX)).length;

/** `join_auction` may send the id itself or `{ auctionId }` (both forms are in use). */
function auctionIdOf(payload: unknown): string | null {
  const id = typeof payload === 'string' ? payload : (payload as { auctionId?: unknown } | null)?.auctionId;
  return canonicalId(id) ?? null;
}

/**
 * Socket.IO entry point. The handshake may carry a JWT (`auth.token` or a bearer header):
 * members join their private room `user:<id>` (and `session:<jti>`); anyone may watch
 * `auction:<id>` rooms. Only rooms are chosen by clients; everything else is pushed by the server.
 *
 * A session that ends closes its sockets: ending events close them on every replica through
 * the Redis adapter (realtime/handlers/session-broadcast.handler.ts), and as a backstop the
 * token of a member socket is checked again (version, deny list, deletion, expiry) before each
 * event it sends and every 30 s for all of a replica's sockets in one query, so a socket whose
 * close was missed (a replica cut off from Redis, a version bumped by hand, an expired token)
 * stops hearing private events within that time.
 */
@WebSocketGateway()
@UseFilters(SocketErrorsFilter)
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer()
  server: MazadServer;

  private readonly logger = new Logger(RealtimeGateway.name);
  private recheckTimer?: NodeJS.Timeout;

  constructor(
    private readonly tokens: TokenService,
    private readonly eventRate: SocketEventRate,
    private readonly gate: SocketEventGate,
    private readonly lifecycle: Lifecycle,
    private readonly config: AppConfig,
  ) {}

  afterInit(server: MazadServer) {
    // Readiness (the adapter's subscriber), no handshakes while draining, and the hand-off.
    joinLifecycle(server, this.lifecycle, this.config);
    // Authenticate during the handshake; a bad token connects as a visitor instead of failing.
    // When the member cannot be read (the database is down), the handshake is refused
    // (connect_error: the client reconnects later) instead of rejecting unhandled, which would
    // take the whole replica down.
    server.use((socket, next) => {
      const header = socket.handshake.headers.authorization;
      const token =
        (socket.handshake.auth?.token as string | undefined) ??
        (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
      const claims = token ? this.tokens.claimsOf(token) : null;
      (claims ? this.tokens.resolve(claims) : Promise.resolve(null))
        .then((user) => {
          if (claims && user) {
            socket.data.user = user;
            socket.data.claims = claims;
          } else if (token) socket.data.tokenRejected = true;
          next();
        })
        .catch((err: unknown) => {
          this.logger.warn({ err }, 'Socket handshake refused: the member could not be read');
          next(new Error('SERVICE_UNAVAILABLE'));
        });
    });
    this.recheckTimer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.logger.error({ err }, 'Socket token re-check failed'));
    }, SOCKET_TOKEN_RECHECK_MS);
    this.recheckTimer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.recheckTimer);
  }

  async handleConnection(socket: MazadSocket) {
    // First, for every socket: whatever runs next sees each id in its one spelling.
    socket.use(canonicalizeIds);
    // Every socket, visitors too: at most 20 events a second (bursts of 120), see socket-event-rate.ts.
    this.eventRate.limit(socket);
    // Every socket, every event: its payload passes the HTTP input rules first (socket-input.ts).
    socket.use(checkSocketInput(socket));
    const { user, claims } = socket.data;
    if (!user || !claims) return;
    // The features' checks that need no member (a busy auction's bid): before the re-read below.
    socket.use(this.gate.middleware(socket));
    // Every event a member socket sends is refused once its token no longer holds; otherwise the
    // member is read again (as an HTTP request reads it), so that a socket bid sees today's
    // verification and name, not the handshake's.
    socket.use((_packet, next) => {
      this.tokens
        .resolve(claims)
        .then((member) => {
          if (!member) return this.endSession(socket);
          socket.data.user = member;
          next();
        })
        .catch((err: unknown) => next(err as Error));
    });
    await socket.join([userRoom(user.id), sessionRoom(sessionIdOf(claims))]);
  }

  /**
   * Re-checks the tokens of this replica's member sockets (one query in all) and
   * closes those that no longer hold. Runs every SOCKET_TOKEN_RECHECK_MS.
   */
  async sweep(): Promise<number> {
    const sockets = [...(this.server?.sockets.sockets.values() ?? [])].filter((s) => s.data.claims);
    const valid = await this.tokens.stillValid(sockets.map((s) => s.data.claims!));
    let closed = 0;
    sockets.forEach((socket, i) => {
      if (valid[i]) return;
      this.endSession(socket);
      closed += 1;
    });
    return closed;
  }

  private endSession(socket: MazadSocket) {
    socket.emit(SocketEvents.Error, { message: ERROR_MESSAGES.TOKEN_INVALID, code: 'TOKEN_INVALID' });
    socket.disconnect(true);
  }

  @SubscribeMessage(SocketEvents.JoinAuction)
  joinAuction(@ConnectedSocket() socket: MazadSocket, @MessageBody() payload: unknown) {
    return this.join(socket, payload);
  }

  @SubscribeMessage(SocketEvents.JoinAuctionAlt)
  joinAuctionAlt(@ConnectedSocket() socket: MazadSocket, @MessageBody() payload: unknown) {
    return this.join(socket, payload);
  }

  @SubscribeMessage(SocketEvents.LeaveAuction)
  leaveAuction(@ConnectedSocket() socket: MazadSocket, @MessageBody() payload: unknown) {
    return this.leave(socket, payload);
  }

  @SubscribeMessage(SocketEvents.LeaveAuctionAlt)
  leaveAuctionAlt(@ConnectedSocket() socket: MazadSocket, @MessageBody() payload: unknown) {
    return this.leave(socket, payload);
  }

  private async join(socket: MazadSocket, payload: unknown): Promise<AuctionRoomAck> {
    const auctionId = auctionIdOf(payload);
    if (!auctionId) return this.reject(socket);
    const room = auctionRoom(auctionId);
    // At most MAX_AUCTION_ROOMS watched auctions per socket (a page shows far fewer).
    if (!socket.rooms.has(room) && auctionRoomsOf(socket) >= MAX_AUCTION_ROOMS) {
      socket.emit(SocketEvents.Error, { message: ERROR_MESSAGES.TOO_MANY_ROOMS, code: 'TOO_MANY_ROOMS' });
      return { ok: false as const };
    }
    await socket.join(room);
    return { ok: true as const, auctionId };
  }

  private async leave(socket: MazadSocket, payload: unknown): Promise<AuctionRoomAck> {
    const auctionId = auctionIdOf(payload);
    if (!auctionId) return this.reject(socket);
    await socket.leave(auctionRoom(auctionId));
    return { ok: true as const, auctionId };
  }

  private reject(socket: MazadSocket): AuctionRoomAck {
    socket.emit(SocketEvents.Error, { message: ERROR_MESSAGES.INVALID_ID, code: 'INVALID_ID' });
    return { ok: false as const };
  }
}
