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
import { isUUID } from 'class-validator';
import type { Server, Socket } from 'socket.io';
import { type AuthUser, TokenService } from '../auth';

interface SocketData {
  user?: AuthUser;
}

/** Typed by the socket contract in contracts (events heard, events emitted). */
type MazadServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type MazadSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** `join_auction` may send the id itself or `{ auctionId }` (both forms are in use). */
function auctionIdOf(payload: unknown): string | null {
  const id = typeof payload === 'string' ? payload : (payload as { auctionId?: unknown } | null)?.auctionId;
  return typeof id === 'string' && isUUID(id) ? id : null;
}

/**
 * Socket.IO entry point. The handshake may carry a JWT (`auth.token` or a bearer header):
 * members join their private room `user:<id>`; anyone may watch `auction:<id>` rooms.
 * Only rooms are chosen by clients; everything else is pushed by the server.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  @WebSocketServer()
  server: MazadServer;

  constructor(private readonly tokens: TokenService) {}

  afterInit(server: MazadServer) {
    // Authenticate during the handshake; a bad token connects as a visitor instead of failing.
    server.use(async (socket, next) => {
      const header = socket.handshake.headers.authorization;
      const token =
        (socket.handshake.auth?.token as string | undefined) ??
        (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
      if (token) socket.data.user = (await this.tokens.verify(token)) ?? undefined;
      next();
    });
  }

  async handleConnection(socket: MazadSocket) {
    if (socket.data.user) await socket.join(userRoom(socket.data.user.id));
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
    await socket.join(auctionRoom(auctionId));
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
