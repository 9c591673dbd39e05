import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSocketReconnect, socketStatus, trackConnection, useSocketStatus } from './socket-connection';

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
  it('reports reconnecting after a drop and connected when it is back, calling the reconnect hook then only', () => {
    const client = makeClient();
    const reconnected = vi.fn();
    const stop = onSocketReconnect(reconnected);
    const { result } = renderHook(() => useSocketStatus());

    act(() => client.fire('connect'));
    expect(result.current).toBe('connected');
    expect(reconnected).not.toHaveBeenCalled(); // the first connection is not a reconnection

    act(() => client.fire('disconnect', 'transport close'));
    expect(result.current).toBe('reconnecting');
    act(() => client.fire('connect'));
    expect(result.current).toBe('connected');
    expect(reconnected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a planned reconnect (new identity after login or logout) is neither shown nor reported', () => {
    const client = makeClient();
    const reconnected = vi.fn();
    const stop = onSocketReconnect(reconnected);
    client.fire('connect');
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
