/** An in-memory stand-in for the Socket.IO client: tests emit server events with `serverEmit`. */
type Handler = (...args: unknown[]) => void;

const handlers = new Map<string, Set<Handler>>();
/** What the client emitted (event name first), oldest first. */
export const emitted: unknown[][] = [];
/** How the fake server acknowledges events sent with `timeout(ms).emitWithAck` (see `answerAcks`). */
const ackAnswers = new Map<string, (payload: unknown) => unknown>();

export const fakeSocket = {
  connected: false,
  on(event: string, handler: Handler) {
    if (!handlers.has(event)) handlers.set(event, new Set());
    handlers.get(event)!.add(handler);
    return fakeSocket;
  },
  off(event: string, handler?: Handler) {
    if (handler) handlers.get(event)?.delete(handler);
    else handlers.delete(event);
    return fakeSocket;
  },
  emit(...args: unknown[]) {
    emitted.push(args);
    return fakeSocket;
  },
  /** `socket.timeout(ms).emitWithAck(event, payload)`: answered by `answerAcks`, else it times out at once. */
  timeout(_ms: number) {
    return {
      async emitWithAck(event: string, payload: unknown): Promise<unknown> {
        emitted.push([event, payload]);
        const answer = ackAnswers.get(event);
        if (!answer) throw new Error('operation has timed out');
        return answer(payload);
      },
    };
  },
  connect() {
    return fakeSocket;
  },
  disconnect() {
    return fakeSocket;
  },
};

export function serverEmit(event: string, ...args: unknown[]): void {
  for (const handler of handlers.get(event) ?? []) handler(...args);
}

export function listenerCount(event: string): number {
  return handlers.get(event)?.size ?? 0;
}

/** Acknowledges the client's `event` with `answer(payload)` (throw in it to fail the emit). */
export function answerAcks(event: string, answer: (payload: unknown) => unknown): void {
  ackAnswers.set(event, answer);
}

export function resetFakeSocket(): void {
  handlers.clear();
  ackAnswers.clear();
  emitted.length = 0;
  fakeSocket.connected = false;
}

/** The client-side `connect` event (first connection or a reconnection). */
export function simulateConnect(): void {
  fakeSocket.connected = true;
  serverEmit('connect');
}

export function simulateDisconnect(): void {
  fakeSocket.connected = false;
  serverEmit('disconnect', 'transport close');
}
