/**
 * The one Socket.IO client (specification section 7): same origin as the API, websocket
 * first then polling, cookies allowed, the bearer token in `auth.token` when signed in,
 * 20 s connect timeout, 5 reconnect attempts spaced 1 to 5 s. Created on first use.
 * Typed with the contract the server emits and listens to (contracts/src/socket-events.ts), so
 * every `on`/`emit` is checked against the event's payload.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@mazad/contracts';
import { io, type Socket } from 'socket.io-client';
import { getToken } from './api-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'],
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const;

export function getSocket(): AppSocket {
  if (!socket) {
    socket = io({
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
      // A function, so every (re)connection carries the token current at that moment.
      auth: (cb) => {
        const token = getToken();
        cb(token ? { token } : {});
      },
    });
    // Socket errors are only logged (specification 4.6); screens decide what to show.
    socket.on('connect_error', (error) => console.warn('[socket] connect_error:', error.message));
  }
  return socket;
}

/** After login or logout: reconnect so the server sees the new identity (or none). */
export function refreshSocketAuth(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}
