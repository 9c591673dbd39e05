import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { ERROR_MESSAGES, SocketEvents, auctionRoom, userRoom } from '@mazad/contracts';
import { isUUID } from 'class-validator';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../auth/core/auth-user';
import { TokenService } from '../auth/core/token.service';

type SocketWithUser = Socket & { data: { user?: AuthUser } };

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
  server: Server;

  constructor(private readonly tokens: TokenService) {}

  afterInit(server: Server) {
    // Authenticate during the handshake; a bad token connects as a visitor instead of failing.
    server.use(async (socket: SocketWithUser, next) => {
      const header = socket.handshake.headers.authorization;
      const token = (socket.handshake.auth?.token as string | undefined) ?? (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
      if (token) socket.data.user = (await this.tokens.verify(token)) ?? undefined;
      next();
    });
  }

  async handleConnection(socket: SocketWithUser) {
    if (socket.data.user) await socket.join(userRoom(socket.data.user.id));
  }

  @SubscribeMessage(SocketEvents.JoinAuction)
  joinAuction(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown) {
    return this.join(socket, payload);
  }

  @SubscribeMessage(SocketEvents.JoinAuctionAlt)
  joinAuctionAlt(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown) {
    return this.join(socket, payload);
  }

  @SubscribeMessage(SocketEvents.LeaveAuction)
  leaveAuction(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown) {
    return this.leave(socket, payload);
  }

  @SubscribeMessage(SocketEvents.LeaveAuctionAlt)
  leaveAuctionAlt(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown) {
    return this.leave(socket, payload);
  }

  private async join(socket: Socket, payload: unknown) {
    const auctionId = auctionIdOf(payload);
    if (!auctionId) return this.reject(socket);
    await socket.join(auctionRoom(auctionId));
    return { ok: true, auctionId };
  }

  private async leave(socket: Socket, payload: unknown) {
    const auctionId = auctionIdOf(payload);
    if (!auctionId) return this.reject(socket);
    await socket.leave(auctionRoom(auctionId));
    return { ok: true, auctionId };
  }

  private reject(socket: Socket) {
    socket.emit(SocketEvents.Error, { message: ERROR_MESSAGES.INVALID_ID, code: 'INVALID_ID' });
    return { ok: false };
  }
}
