import { io, Socket } from 'socket.io-client';

/** A Socket.IO client against a test server (websocket transport), connected before returning. */
export async function connectSocket(url: string, token?: string): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the next `event` payload matching `filter` (rejects after `timeoutMs`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- suites read payloads loosely unless they name a type
export function nextEvent<T = any>(
  socket: Socket,
  event: string,
  filter: (payload: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`No "${event}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!filter(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Collects every `event` payload until stopped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as nextEvent
export function collect<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

export async function joinAuction(socket: Socket, auctionId: string, event = 'join_auction') {
  const ack = await socket.timeout(5_000).emitWithAck(event, auctionId);
  if (!ack?.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
}
