import { ERROR_MESSAGES } from '@mazad/contracts';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { ApiError, onUnauthorized } from '@/lib/api-client';
import { answerAcks, emitted, simulateConnect } from '@/testing/fake-socket';
import { callsTo, mockApi } from '@/testing/test-utils';
import { makeAuction } from '@/testing/auction-fixtures';
import { buyNow } from './buy-now';
import { getAuctions } from './get-auctions';
import { getSellerRating, NO_RATING } from './get-seller-rating';
import { placeBid } from './place-bid';

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
  it('sends the amount and the Idempotency-Key header, asking for the live view', async () => {
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
    // The whole auction is the server's default; the web merges the live view as new_bid's (ADR 0018).
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').search).toBe('?view=live');
  });
});

describe('bids and purchases over the socket', () => {
  const signIn = () => localStorage.setItem('token', 'member-token');
  const accepted = { success: true, message: 'تمت إضافة المزايدة بنجاح', auction: makeAuction(), bid: {} };

  it('sends place_bid with the key when the socket is connected for a member, and answers its acknowledgement', async () => {
    signIn();
    simulateConnect();
    const fetchMock = mockApi({});
    answerAcks('place_bid', () => accepted);
    expect(await placeBid('a1', 121.5, { idempotencyKey: 'key-1' })).toEqual(accepted);
    expect(emitted).toEqual([['place_bid', { auctionId: 'a1', amount: 121.5, idempotencyKey: 'key-1', view: 'live' }]]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns an error acknowledgement into the HTTP call's ApiError (status, code, Arabic message, toast)", async () => {
    signIn();
    simulateConnect();
    const message = 'يجب أن تكون المزايدة أعلى من السعر الحالي';
    answerAcks('place_bid', () => ({ statusCode: 400, code: 'BID_TOO_LOW', message, error: message }));
    const error = await placeBid('a1', 100, { idempotencyKey: 'key-2' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BID_TOO_LOW', message });
    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([message]);
    // silent: the caller shows the message itself.
    await expect(placeBid('a1', 100, { idempotencyKey: 'key-3', silent: true })).rejects.toMatchObject({ message });
    expect(toastStore.getSnapshot()).toHaveLength(1);
  });

  it('drops the session on a 401 acknowledgement, as on a 401 answer', async () => {
    signIn();
    simulateConnect();
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const text = ERROR_MESSAGES.TOKEN_INVALID;
    answerAcks('place_bid', () => ({ statusCode: 401, code: 'TOKEN_INVALID', message: text, error: text }));
    await expect(placeBid('a1', 130, { idempotencyKey: 'key-4', silent: true })).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('goes over HTTP with the same key when no acknowledgement comes (dropped socket, timeout)', async () => {
    signIn();
    simulateConnect();
    const fetchMock = mockApi({ 'POST /api/auctions/a1/bid': () => accepted });
    // No answerAcks: the fake socket's emitWithAck times out.
    expect(await placeBid('a1', 140, { idempotencyKey: 'key-5' })).toEqual(accepted);
    expect(emitted).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/auctions/a1/bid')).toEqual([{ amount: 140 }]);
    const headers = (fetchMock.mock.calls[0][1] as RequestInit).headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('key-5');
  });

  it('uses HTTP while the socket is not connected, for visitors, and for calls without a key', async () => {
    const fetchMock = mockApi({ 'POST /api/auctions/a1/bid': () => accepted });
    answerAcks('place_bid', () => accepted);
    signIn();
    await placeBid('a1', 150, { idempotencyKey: 'key-6' }); // not connected
    simulateConnect();
    await placeBid('a1', 151); // no key: a retry could not be told from a new bid
    localStorage.clear();
    await placeBid('a1', 152, { idempotencyKey: 'key-7' }); // visitor
    expect(emitted).toEqual([]);
    expect(callsTo(fetchMock, 'POST /api/auctions/a1/bid')).toHaveLength(3);
  });

  it('sends buy_now with the expected price and the key', async () => {
    signIn();
    simulateConnect();
    const sold = { success: true, message: 'تم شراء المنتج بنجاح', auction: makeAuction({ status: 'مباع' }) };
    answerAcks('buy_now', () => sold);
    expect(await buyNow('a1', { idempotencyKey: 'key-8', expectedPrice: 250 })).toEqual(sold);
    await buyNow('a2', { idempotencyKey: 'key-9' });
    expect(emitted).toEqual([
      ['buy_now', { auctionId: 'a1', expectedPrice: 250, idempotencyKey: 'key-8' }],
      ['buy_now', { auctionId: 'a2', idempotencyKey: 'key-9' }],
    ]);
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
