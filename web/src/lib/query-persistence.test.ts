import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { forgetSignedInData } from './member-data';
import {
  KEEP_OFFLINE,
  keepReadsOffline,
  MAX_AGE_MS,
  MAX_KEPT_QUERIES,
  SAVE_DELAY_MS,
  takeSnapshot,
} from './query-persistence';
import { storageKeys } from './storage';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const saved = () => JSON.parse(localStorage.getItem(storageKeys.offlineCopies) ?? 'null');

afterEach(() => vi.useRealTimers());

describe('pages kept for offline use', () => {
  it('keeps only the reads that opt in, newest first and bounded', async () => {
    vi.useFakeTimers();
    const qc = client();
    await qc.fetchQuery({ queryKey: ['private'], queryFn: () => 'member data' });
    for (let i = 0; i < MAX_KEPT_QUERIES + 5; i += 1) {
      vi.advanceTimersByTime(10);
      await qc.fetchQuery({ queryKey: ['auctions', 'list', i], queryFn: () => ({ page: i }), meta: KEEP_OFFLINE });
    }
    const snapshot = takeSnapshot(qc);
    expect(snapshot.state.queries).toHaveLength(MAX_KEPT_QUERIES);
    expect(snapshot.state.queries[0].queryKey).toEqual(['auctions', 'list', MAX_KEPT_QUERIES + 4]);
    expect(snapshot.state.queries.some((q) => q.queryKey[0] === 'private')).toBe(false);
  });

  it('keeps what earlier pages kept, unless read again since', async () => {
    vi.useFakeTimers();
    const first = client();
    await first.fetchQuery({ queryKey: ['auctions', 'list', 'home'], queryFn: () => 'home v1', meta: KEEP_OFFLINE });
    await first.fetchQuery({ queryKey: ['auctions', 'list', 'all'], queryFn: () => 'all v1', meta: KEEP_OFFLINE });
    const earlier = takeSnapshot(first);
    vi.advanceTimersByTime(10);
    const next = client();
    await next.fetchQuery({ queryKey: ['auctions', 'list', 'all'], queryFn: () => 'all v2', meta: KEEP_OFFLINE });
    const merged = takeSnapshot(next, earlier).state.queries.map((q) => [q.queryKey[2], q.state.data]);
    expect(merged).toEqual([
      ['all', 'all v2'],
      ['home', 'home v1'],
    ]);
  });

  it('saves what the server answered, and shows it back when the next load finds no network', async () => {
    vi.useFakeTimers();
    const online = client();
    const stop = keepReadsOffline(online);
    await online.fetchQuery({ queryKey: ['auctions', 'list', {}], queryFn: () => ['a', 'b'], meta: KEEP_OFFLINE });
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(saved().state.queries[0].state.data).toEqual(['a', 'b']);
    stop();
    vi.useRealTimers();

    // The next page load: the read gets no answer (offline, unreachable).
    const offline = client();
    const stopOffline = keepReadsOffline(offline);
    const observer = new QueryObserver(offline, {
      queryKey: ['auctions', 'list', {}],
      queryFn: () => Promise.reject(new ApiError('تعذّر الاتصال', 0)),
      meta: KEEP_OFFLINE,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
    const result = observer.getCurrentResult();
    expect(result.data).toEqual(['a', 'b']);
    expect(result.dataUpdatedAt).toBeGreaterThan(0);
    unsubscribe();
    stopOffline();
  });

  it('a refusal from the server is not covered with an old copy, nor is a copy older than a week', async () => {
    const now = Date.now();
    localStorage.setItem(
      storageKeys.offlineCopies,
      JSON.stringify({
        version: 1,
        savedAt: now,
        state: {
          mutations: [],
          queries: [
            {
              queryKey: ['auctions', 'detail', 'gone'],
              queryHash: '["auctions","detail","gone"]',
              state: { data: 'old', dataUpdatedAt: now, status: 'success' },
            },
            {
              queryKey: ['auctions', 'detail', 'old'],
              queryHash: '["auctions","detail","old"]',
              state: { data: 'older', dataUpdatedAt: now - MAX_AGE_MS - 1, status: 'success' },
            },
          ],
        },
      }),
    );
    const qc = client();
    const stop = keepReadsOffline(qc);
    const refused = qc.fetchQuery({
      queryKey: ['auctions', 'detail', 'gone'],
      queryFn: () => Promise.reject(new ApiError('المزاد غير موجود', 404)),
      meta: KEEP_OFFLINE,
    });
    await expect(refused).rejects.toThrow('المزاد غير موجود');
    expect(qc.getQueryData(['auctions', 'detail', 'gone'])).toBeUndefined();
    const unreachable = qc.fetchQuery({
      queryKey: ['auctions', 'detail', 'old'],
      queryFn: () => Promise.reject(new ApiError('تعذّر الاتصال', 0)),
      meta: KEEP_OFFLINE,
    });
    await expect(unreachable).rejects.toThrow();
    expect(qc.getQueryData(['auctions', 'detail', 'old'])).toBeUndefined();
    stop();
  });

  it('sign-out forgets the kept pages', () => {
    localStorage.setItem(storageKeys.offlineCopies, '{"version":1}');
    forgetSignedInData(client());
    expect(localStorage.getItem(storageKeys.offlineCopies)).toBeNull();
  });
});
