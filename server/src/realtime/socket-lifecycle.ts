import type { IncomingMessage, ServerResponse } from 'node:http';
import type Redis from 'ioredis';
import type { Server } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import type { Lifecycle } from '../infrastructure/lifecycle/lifecycle';

/**
 * The socket gateway's part in the process's lifecycle (docs/operations.md, "Health" and
 * "Draining a replica"):
 * - readiness, in a process with the gateway role: the Redis adapter's subscriber is connected
 *   and subscribed — without it this replica's sockets would hear nothing emitted on the others;
 * - while draining, new handshakes are refused (clients retry, and reach another replica);
 * - the hand-off closes every socket's transport once the drain has let work in flight finish.
 *   A closed transport is what Socket.IO clients reconnect after by themselves ("transport
 *   close"); a server-side `disconnect()` ("io server disconnect") is not.
 */
export function joinLifecycle(server: Server, lifecycle: Lifecycle, config: AppConfig): void {
  // A process without the gateway role holds no socket: its adapter only carries its emits.
  if (config.hasRole('gateway')) lifecycle.addReadinessCheck('sockets', () => adapterSubscribed(server));
  server.engine.use(refuseHandshakesWhileDraining(lifecycle));
  lifecycle.addHandOff('sockets', () => handOffSockets(server));
}

/**
 * Both Redis adapters (classic and sharded, realtime/socket-fanout.ts) keep their ioredis
 * subscriber as `subClient`. It must be ready and in subscriber mode; its PING is answered after
 * the (re)subscriptions sent before it, since Redis answers one connection's commands in order.
 */
export async function adapterSubscribed(server: Server): Promise<void> {
  const sub = (server.of('/').adapter as { subClient?: Redis }).subClient;
  if (!sub) return; // the in-memory adapter: nothing to subscribe to
  if (sub.status !== 'ready' || sub.mode !== 'subscriber') {
    throw new Error(`socket adapter subscriber is ${sub.status} in ${sub.mode} mode`);
  }
  await sub.ping();
}

/** An engine.io middleware: a request without a session id is a new handshake. */
function refuseHandshakesWhileDraining(lifecycle: Lifecycle) {
  return (req: IncomingMessage, _res: ServerResponse, next: (err?: Error) => void) => {
    const handshake = !new URL(req.url ?? '/', 'http://socket').searchParams.has('sid');
    next(lifecycle.draining && handshake ? new Error('This replica is draining') : undefined);
  };
}

/** Closes every socket's transport after it flushed what it was sent; resolves once all are closed. */
export async function handOffSockets(server: Server): Promise<void> {
  const sockets = [...server.of('/').sockets.values()];
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.conn.readyState === 'closed') return resolve();
          socket.conn.once('close', () => resolve());
          socket.conn.close();
        }),
    ),
  );
}
