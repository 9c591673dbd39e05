import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '@/testing/test-utils';
import { makeAuction } from '@/testing/auction-fixtures';
import { getAuctions, getSellerRating, NO_RATING, placeBid } from './requests';

describe('getAuctions', () => {
  it('sends only the filters that are set and drops unusable items', async () => {
    const fetchMock = mockApi({
      'GET /api/auctions': () => ({
        auctions: [makeAuction(), { _id: '', title: 'x' }, { _id: 'a', title: '' }],
        pagination: { page: 1, hasNext: false, hasPrev: false },
      }),
    });
    const list = await getAuctions({ category: 'الكل', search: '  ', page: 2, limit: 50, timeFilter: 'all' });
    expect(list.auctions).toHaveLength(1);
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '50' });
  });
});

describe('placeBid', () => {
  it('sends the amount and the Idempotency-Key header', async () => {
    const fetchMock = mockApi({
      'POST /api/auctions/a1/bid': () => ({
        success: true,
        message: 'تمت إضافة المزايدة بنجاح',
        auction: makeAuction(),
        bid: {},
      }),
    });
    await placeBid('a1', 121.5, { idempotencyKey: 'key-1' });
    expect(callsTo(fetchMock, 'POST /api/auctions/a1/bid')).toEqual([{ amount: 121.5 }]);
    const headers = (fetchMock.mock.calls[0][1] as RequestInit).headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-1');
  });
});

describe('getSellerRating', () => {
  const SELLER = 'seller-0000000001';

  it('skips ids shorter than 10 characters', async () => {
    const fetchMock = mockApi({});
    expect(await getSellerRating('short')).toEqual(NO_RATING);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('caches per seller for 5 minutes in sessionStorage', async () => {
    const fetchMock = mockApi({
      [`GET /api/users/${SELLER}/rating-stats`]: () => ({ success: true, averageRating: 4.5, validRatings: 2 }),
    });
    let now = 1_000_000;
    const clock = () => now;
    expect(await getSellerRating(SELLER, clock)).toEqual({ averageRating: 4.5, validRatings: 2 });
    now += 4 * 60_000;
    await getSellerRating(SELLER, clock);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 2 * 60_000;
    await getSellerRating(SELLER, clock);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('answers zeros on 404 and 400', async () => {
    mockApi({ [`GET /api/users/${SELLER}/rating-stats`]: () => ({ status: 404, body: { message: 'غير موجود' } }) });
    expect(await getSellerRating(SELLER)).toEqual(NO_RATING);
  });

  it('gives up after 5 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = getSellerRating(SELLER);
    const assertion = expect(pending).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(5_000);
    await assertion;
    vi.useRealTimers();
  });
});
