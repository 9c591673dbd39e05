import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeOffset, getServerOffset, serverNow, setServerOffset, syncServerTime } from './server-time';

afterEach(() => setServerOffset(0));

describe('server time', () => {
  it('computes the offset from the middle of the round trip', () => {
    expect(computeOffset(1000, 1200, 6100)).toBe(5000);
  });

  it('corrects the local clock by the measured offset', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ serverTime: new Date(1_000_000).toISOString(), epochMs: 1_000_000 }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const clock = vi.fn().mockReturnValueOnce(400_000).mockReturnValueOnce(400_200);
    await syncServerTime(clock);
    expect(fetchMock).toHaveBeenCalledWith('/api/time', expect.objectContaining({ method: 'GET' }));
    expect(getServerOffset()).toBe(1_000_000 - 400_100);
    expect(Math.abs(serverNow() - (Date.now() + 599_900))).toBeLessThan(50);
  });

  it('keeps the previous offset when the server cannot be reached', async () => {
    setServerOffset(42);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await syncServerTime();
    expect(getServerOffset()).toBe(42);
  });
});
