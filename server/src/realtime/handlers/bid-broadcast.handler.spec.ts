import { broadcastWindowMs, FANOUT_FRAMES_PER_SEC, MAX_WINDOW_MS, MIN_WINDOW_MS } from './bid-broadcast.handler';

describe('the adaptive new_bid window', () => {
  it('stays short while the replicas can write every message to every watcher', () => {
    expect(broadcastWindowMs(0, 1)).toBe(MIN_WINDOW_MS);
    expect(broadcastWindowMs(50, 2)).toBe(MIN_WINDOW_MS);
  });

  it('grows with watchers × replicas so one replica writes at most FANOUT_FRAMES_PER_SEC frames', () => {
    const watchers = (FANOUT_FRAMES_PER_SEC * 3 * MIN_WINDOW_MS) / 1000; // three times what the short window allows
    const window = broadcastWindowMs(watchers, 2);
    expect(window).toBe(6 * MIN_WINDOW_MS);
    expect((2 * watchers * 1000) / window).toBeLessThanOrEqual(FANOUT_FRAMES_PER_SEC);
  });

  it('is bounded, however large the crowd', () => {
    expect(broadcastWindowMs(1_000_000, 4)).toBe(MAX_WINDOW_MS);
  });
});
