import { TokenBucket } from './socket-event-rate';

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
