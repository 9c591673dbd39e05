/**
 * The one Socket.IO client (R-SOCKET-RECONNECT): same origin as the API, websocket first and
 * polling only where a WebSocket cannot open, cookies allowed, the bearer token in `auth.token`
 * when signed in, 20 s connect timeout, reconnecting for as long as the page is open, attempts spaced 1 to 5 s
 * (socket-connection.ts follows the connection: the "reconnecting…" status, and a hook for
 * what must be read again when it returns).
 * Typed with the contract the server emits and listens to (contracts/src/socket-events.ts), so
 * every `on`/`emit` is checked against the event's payload.
 *
 * Loaded after the first page: `socket.io-client` (12 KiB compressed) is not in the first
 * bundle, and its chunk and connection wait for the first page to settle (page-settled.ts), so
 * they never compete with the first screen's scripts and images. Components take it with
 * `useSocket()` (null until then: they subscribe once it arrives); bids use `currentSocket()`
 * and go over HTTP meanwhile.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@mazad/contracts';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { getToken } from './api-client';
import { whenPageSettled } from './page-settled';
import { trackConnection } from './socket-connection';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let loading: Promise<AppSocket> | null = null;

export const SOCKET_OPTIONS = {
  path: '/socket.io',
  // The WebSocket transport first, with no polling phase before it: one connection that stays on
  // the gateway replica it reached, so the proxy needs no stickiness (docker/nginx.conf).
  // tryAllTransports: when the WebSocket fails to open (a proxy that drops the upgrade), that
  // attempt goes on with long-polling; without it every reconnection would retry the WebSocket
  // only. Polling needs each session's requests on one replica: behind several gateways without
  // stickiness it works only by chance (docs/operations.md, "Scaling with compose").
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  withCredentials: true,
  timeout: 20_000,
  reconnection: true,
  // No limit: a client that gives up after a few tries would leave an open page silently dead.
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const;

/** The client, created (and connecting) once the first page has settled; the same promise for every caller. */
export function loadSocket(): Promise<AppSocket> {
  loading ??= whenPageSettled()
    .then(() => import('socket.io-client'))
    .then(({ io }) => {
      const created: AppSocket = io({
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        // A function, so every (re)connection carries the token current at that moment.
        auth: (cb) => {
          const token = getToken();
          cb(token ? { token } : {});
        },
      });
      // Socket errors are only logged (R-SOCKET-RECONNECT); screens decide what to show.
      created.on('connect_error', (error) => console.warn('[socket] connect_error:', error.message));
      trackConnection(created, {
        min: SOCKET_OPTIONS.reconnectionDelay,
        max: SOCKET_OPTIONS.reconnectionDelayMax,
      });
      socket = created;
      return created;
    })
    .catch((error: unknown) => {
      // The chunk failed to load (a deploy, a network drop): the next caller tries again.
      loading = null;
      throw error;
    });
  return loading;
}

/** The client if it has loaded, else null (callers then use HTTP). */
export function currentSocket(): AppSocket | null {
  return socket;
}

/** The client for a component's listeners: null on the first renders, the socket once loaded. */
export function useSocket(): AppSocket | null {
  const [current, setCurrent] = useState(socket);
  useEffect(() => {
    if (current) return;
    let mounted = true;
    loadSocket().then(
      (loaded) => mounted && setCurrent(loaded),
      (error: unknown) => console.warn('[socket] client not loaded:', error),
    );
    return () => {
      mounted = false;
    };
  }, [current]);
  return current;
}

/** After login or logout: reconnect so the server sees the new identity (or none). */
export function refreshSocketAuth(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}
