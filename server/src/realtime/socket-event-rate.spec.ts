import type { Socket } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { SOCKET_EVENTS_PER_SECOND, SocketEventRate, TokenBucket } from './socket-event-rate';

describe('TokenBucket', () => {
  it('allows a burst, then the rate', () => {
    const bucket = new TokenBucket(20, 40, 0);
    const burst = Array.from({ length: 50 }, () => bucket.take(0));
    expect(burst.filter(Boolean)).toHaveLength(40);
    // 100 ms later: two more tokens (20 a second), not more.
    expect([bucket.take(100), bucket.take(100), bucket.take(100)]).toEqual([true, true, false]);
  });

  it('refills up to the burst, never beyond', () => {
    const bucket = new TokenBucket(20, 40, 0);
    for (let i = 0; i < 40; i++) bucket.take(0);
    const later = Array.from({ length: 45 }, () => bucket.take(60_000));
    expect(later.filter(Boolean)).toHaveLength(40);
  });
});

describe('SocketEventRate', () => {
  /** A socket whose client sends `perSecond` events for `seconds`, on a clock the test moves. */
  function flood(perSecond: number, seconds: number) {
    let now = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => now);
    let middleware: ((packet: unknown[], next: () => void) => void) | undefined;
    const socket = {
      use: (fn: typeof middleware) => (middleware = fn),
      emit: jest.fn(),
      disconnect: jest.fn(),
    };
    new SocketEventRate({ rateLimitsEnabled: true } as AppConfig).limit(socket as unknown as Socket);
    let handled = 0;
    for (let i = 0; i < perSecond * seconds && !socket.disconnect.mock.calls.length; i++) {
      now = (i * 1000) / perSecond;
      middleware!(['join_auction', 'id'], () => (handled += 1));
    }
    return { handled, disconnectedAt: socket.disconnect.mock.calls.length ? now : null };
  }

  afterEach(() => jest.restoreAllMocks());

  it('lets a socket within the rate go on', () => {
    expect(flood(SOCKET_EVENTS_PER_SECOND, 10)).toEqual({
      handled: SOCKET_EVENTS_PER_SECOND * 10,
      disconnectedAt: null,
    });
  });

  it('disconnects a flood at a few hundred events a second, although a token comes back every 50 ms', () => {
    const { disconnectedAt } = flood(300, 10);
    expect(disconnectedAt).not.toBeNull();
    expect(disconnectedAt!).toBeLessThan(2_000);
  });

  it('disconnects a slow flood too, later', () => {
    const { disconnectedAt } = flood(SOCKET_EVENTS_PER_SECOND + 5, 60);
    expect(disconnectedAt).not.toBeNull();
  });
});
