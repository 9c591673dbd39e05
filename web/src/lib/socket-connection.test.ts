import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSocketConnect, socketStatus, trackConnection, useSocketStatus } from './socket-connection';

/** A client with Socket.IO's connection events; `active` as the real one reports it. */
function makeClient() {
  type Listener = (...args: never[]) => void;
  const handlers = new Map<string, Listener[]>();
  const client = {
    active: true,
    connect: vi.fn(),
    on(event: string, handler: Listener) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return client;
    },
    fire(event: string, arg?: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(...([arg] as never[]));
    },
  };
  trackConnection(client, { min: 1_000, max: 5_000 });
  return client;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('socket connection', () => {
  it('reports reconnecting after a drop and connected when it is back, calling the connect hook on the first connection and on each return', () => {
    const client = makeClient();
    const reconnected = vi.fn();
    const stop = onSocketConnect(reconnected);
    const { result } = renderHook(() => useSocketStatus());

    act(() => client.fire('connect'));
    expect(result.current).toBe('connected');
    // The first connection catches up too: the page read its data before it connected.
    expect(reconnected).toHaveBeenCalledTimes(1);
    reconnected.mockClear();

    act(() => client.fire('disconnect', 'transport close'));
    expect(result.current).toBe('reconnecting');
    act(() => client.fire('connect'));
    expect(result.current).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a planned reconnect (new identity after login or logout) is neither shown nor reported', () => {
    const client = makeClient();
    client.fire('connect');
    const reconnected = vi.fn();
    const stop = onSocketConnect(reconnected);
    client.active = false;
    client.fire('disconnect', 'io client disconnect');
    expect(socketStatus()).toBe('connected');
    client.fire('connect');
    expect(reconnected).not.toHaveBeenCalled();
    stop();
  });

  it('asks again, without end, after the server closed the socket or refused the handshake (no automatic retry then)', () => {
    const client = makeClient();
    client.fire('connect');
    for (let round = 0; round < 20; round += 1) {
      client.active = false; // what Socket.IO reports after `io server disconnect`
      client.fire(
        round % 2 ? 'disconnect' : 'connect_error',
        round % 2 ? 'io server disconnect' : new Error('refused'),
      );
      expect(socketStatus()).toBe('reconnecting');
      vi.advanceTimersByTime(5_000);
      expect(client.connect).toHaveBeenCalledTimes(round + 1);
    }
  });

  it('leaves a dropped transport to the manager, which retries by itself', () => {
    const client = makeClient();
    client.fire('connect');
    client.fire('disconnect', 'transport close'); // `active` stays true
    vi.advanceTimersByTime(60_000);
    expect(client.connect).not.toHaveBeenCalled();
  });
});
