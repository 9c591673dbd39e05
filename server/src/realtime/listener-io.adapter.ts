import { Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { isObservable } from 'rxjs';

const logger = new Logger('ListenerIoAdapter');

/**
 * Nest's Socket.IO adapter with the gateways' message handlers bound as plain socket listeners.
 *
 * Why: Nest's `IoAdapter.bindMessageHandlers` builds, for every socket and every
 * `@SubscribeMessage` handler, an rxjs pipeline (`fromEvent → mergeMap → takeUntil(disconnect)`,
 * subscribed for the socket's whole life): with our six handlers that is ~30 KB of heap per
 * connected socket, more than the socket itself (docs/performance-log.md, "Where a watcher's memory
 * goes"). Here each handler is one `socket.on` listener.
 *
 * What is kept exactly (@nestjs/platform-socket.io 11, adapters/io-adapter.js, and
 * @nestjs/websockets' web-sockets-controller.js):
 * - `callback` is Nest's wrapped handler (WsContextCreator): guards, pipes, interceptors and the
 *   gateway's exception filters (SocketErrorsFilter) run inside it, so a throwing handler is
 *   answered by its filter and the promise resolves to nothing;
 * - the event's arguments are read as Nest reads them (`mapPayload`: the acknowledgement is the
 *   last argument when it is a function; one argument is the data, several are an array);
 * - the result (awaited) answers the acknowledgement unless it is null/undefined or the handler
 *   takes `@Ack()` itself (BidsGateway); a `{ event, data }` result is emitted as that event
 *   instead; nothing is answered once the socket has disconnected (Nest's takeUntil);
 * - socket middlewares (`socket.use`: canonical ids, the event rate, input hygiene, the
 *   SocketEventGate's admission door, the member re-read) run before any listener, as before:
 *   Socket.IO calls them before it emits the event to listeners, however they were bound.
 * Our gateways return plain values or promises. An Observable result (an interceptor on a
 * gateway, none today) goes through Nest's own `transform`, per event rather than per socket.
 */
export class ListenerIoAdapter extends IoAdapter {
  bindMessageHandlers(...[socket, handlers, transform]: Parameters<IoAdapter['bindMessageHandlers']>): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs' fromEvent hands it to Nest: one argument as is, several as an array.
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        const answerAck = isAckHandledManually ? undefined : (ack as ((answer: unknown) => void) | undefined);
        const reply = (answer: unknown) => answerEvent(socket, answer, answerAck);
        Promise.resolve(callback(data, ack)).then(
          (result) => (isObservable(result) ? transform(result).subscribe(reply) : reply(result)),
          // Only a filter that itself throws gets here (the wrapped handler catches the rest);
          // Nest's pipeline would rethrow it from a timer and end the process.
          (err: unknown) => logger.error({ err, event: message }, 'Socket handler failed past its filters'),
        );
      });
    }
  }
}

/** The socket Nest's adapter hands over (typed by the Socket.IO copy @nestjs/platform-socket.io depends on). */
type NestSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];

/** Sends a handler's answer as Nest's IoAdapter does: `{ event, data }` emitted, anything else on the acknowledgement. */
function answerEvent(socket: NestSocket, answer: unknown, ack: ((answer: unknown) => void) | undefined): void {
  if (answer === null || answer === undefined || !socket.connected) return;
  const { event, data } = answer as { event?: string; data?: unknown };
  if (event) {
    socket.emit(event, data);
    return;
  }
  ack?.(answer);
}
