/**
 * The socket's connection as the screens see it: a status for the "reconnecting…" indicator and
 * a hook called each time the connection is made — the first time and each time it comes back —
 * so what the page shows is read again: what the server sent before the page was connected (it
 * read its data first, then connected seconds later) or while it was away never reached it.
 *
 * Socket.IO's manager reconnects by itself after a dropped transport (server restart, network
 * change). It does NOT after the server closed the socket (`io server disconnect`: a forced
 * disconnect, a session that ended — the next connection is then a visitor's) or refused the
 * handshake in a middleware (`socket.active` false): for those, `trackConnection` asks again
 * after a delay, so the client never stops trying while the page is open.
 */
import { useSyncExternalStore } from 'react';

/** `connecting`: the first attempt; `reconnecting`: the connection was lost or refused and is being retried. */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting';

/** What `trackConnection` needs of the Socket.IO client (loosely typed, so the tests' fakes fit too). */
export interface TrackedSocket {
  readonly active?: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
}

let status: SocketStatus = 'connecting';
const statusListeners = new Set<() => void>();
const connectListeners = new Set<() => void>();

function setStatus(next: SocketStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function socketStatus(): SocketStatus {
  return status;
}

/** The connection status, re-rendering on change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    socketStatus,
    socketStatus,
  );
}

/**
 * Calls `listener` each time the socket connects: its first connection and each one after losing
 * (or never getting) its connection — not after `refreshSocketAuth`'s planned reconnect (a new
 * identity, which reads what it shows by itself). Returns the unsubscribe function.
 */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/**
 * Query meta of reads that their live room re-reads itself once joined (the auction page's copy:
 * join first, then read, so no bid falls between): a connection does not read them again.
 */
export const REREAD_BY_ROOM = { rereadByRoom: true } as const;

/**
 * Follows one client's connection (called once, when the client is created). `retryDelay`: the
 * bounds of the delay before asking again after a closed or refused connection (the manager's
 * own), picked at random between them so clients do not all return at once.
 */
export function trackConnection(client: TrackedSocket, retryDelay: { min: number; max: number }): void {
  // Nothing has been received yet: the first connection catches up as a reconnection does.
  let lost = true;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const retryLater = () => {
    clearTimeout(retry);
    const delay = retryDelay.min + Math.random() * (retryDelay.max - retryDelay.min);
    retry = setTimeout(() => client.connect(), delay);
  };
  const connectionLost = () => {
    lost = true;
    setStatus('reconnecting');
    // Not retried by the manager: ask again ourselves.
    if (client.active === false) retryLater();
  };

  client.on('connect', () => {
    clearTimeout(retry);
    setStatus('connected');
    if (!lost) return;
    lost = false;
    for (const listener of connectListeners) listener();
  });
  client.on('disconnect', (reason: string) => {
    // Our own disconnect (refreshSocketAuth), which connects again at once.
    if (reason === 'io client disconnect') return;
    connectionLost();
  });
  client.on('connect_error', connectionLost);
}
