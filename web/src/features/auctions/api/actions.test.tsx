import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Auction, AuctionList } from '@mazad/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeAuction, makeBid, makeList, makeLiveView } from '@/testing/auction-fixtures';
import { answerAcks, emitted, simulateConnect } from '@/testing/fake-socket';
import { mockApi } from '@/testing/test-utils';
import { auctionKeys } from './keys';
import { useBuyNowMutation } from './buy-now';
import { useBidMutation } from './place-bid';

function keysSent(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls.map(
    ([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
  );
}

describe('useBidMutation idempotency', () => {
  it('reuses the key for a double click of one action and makes a new one for the next action', async () => {
    let resolveFirst: (r: Response) => void = () => {};
    const ok = () =>
      new Response(
        JSON.stringify({ success: true, message: 'تمت إضافة المزايدة بنجاح', auction: makeAuction({ bidCount: 1 }) }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((r) => (resolveFirst = r)))
      .mockImplementation(async () => ok());
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const { result } = renderHook(() => useBidMutation('a1'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });

    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.mutateAsync({ amount: 130 });
      second = result.current.mutateAsync({ amount: 130 });
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    resolveFirst(ok());
    await act(async () => {
      await Promise.all([first, second]);
    });
    await act(async () => {
      await result.current.mutateAsync({ amount: 140 });
    });
    const [k1, k2, k3] = keysSent(fetchMock);
    expect(k1).toMatch(/^[0-9a-f-]{36}$/);
    expect(k2).toBe(k1);
    expect(k3).not.toBe(k1);
  });
});

describe('bid and buy-now mutations over the socket', () => {
  function setup() {
    localStorage.setItem('token', 'member-token');
    simulateConnect();
    const client = new QueryClient();
    client.setQueryData(auctionKeys.detail('a1'), makeAuction({ _id: 'a1', currentPrice: 100, bidCount: 0 }));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return { client, wrapper };
  }

  it('updates the cached auction from the acknowledgement, as from the HTTP answer', async () => {
    const { client, wrapper } = setup();
    const fetchMock = mockApi({});
    const after = makeLiveView(makeAuction({ _id: 'a1', currentPrice: 130, bidCount: 1, bids: [makeBid()] }));
    answerAcks('place_bid', () => ({ success: true, message: 'تمت إضافة المزايدة بنجاح', auction: after, bid: {} }));
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ amount: 130 });
    });
    expect(client.getQueryData(auctionKeys.detail('a1'))).toMatchObject({ currentPrice: 130, bidCount: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the action's key across a socket that gave no answer and the HTTP retry", async () => {
    const { wrapper } = setup();
    const sold = makeAuction({ _id: 'a1', status: 'مباع' });
    const fetchMock = mockApi({
      'POST /api/auctions/a1/buy-now': () => ({ success: true, message: 'تم', auction: sold }),
    });
    // No acknowledgement (the fake socket times out): the same purchase goes over HTTP, same key.
    const { result } = renderHook(() => useBuyNowMutation('a1'), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ expectedPrice: 250 });
    });
    const socketKey = (emitted[0][1] as { idempotencyKey: string }).idempotencyKey;
    const httpKey = ((fetchMock.mock.calls[0][1] as RequestInit).headers as Record<string, string>)['Idempotency-Key'];
    expect(socketKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(httpKey).toBe(socketKey);
  });

  it("rejects with the server's Arabic message and keeps the cache as it was", async () => {
    const { client, wrapper } = setup();
    const message = 'لا يمكنك المزايدة على مزادك الخاص';
    answerAcks('place_bid', () => ({ statusCode: 403, code: 'BID_OWN_AUCTION', message, error: message }));
    const { result } = renderHook(() => useBidMutation('a1', { silent: true }), { wrapper });
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync({ amount: 130 }).catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'BID_OWN_AUCTION', message });
    expect(client.getQueryData(auctionKeys.detail('a1'))).toMatchObject({ currentPrice: 100, bidCount: 0 });
  });
});

describe("a bid's answer (the live view) merged into the cache", () => {
  it('moves every cached copy as new_bid does, keeps the rest of the auction, and shows it watched', async () => {
    const older = makeBid({ _id: 'b1', amount: 100, createdAt: '2025-06-01T10:00:00.000Z' });
    const cached = makeAuction({
      _id: 'a1',
      title: 'ساعة يد كلاسيكية',
      currentPrice: 100,
      bidCount: 1,
      bids: [older],
      watchedByMe: false,
      watchCount: 4,
    });
    const client = new QueryClient();
    client.setQueryData(auctionKeys.detail('a1'), cached);
    client.setQueryData(auctionKeys.list({ page: 1 }), makeList([cached]));
    const mine = makeBid({ _id: 'b2', amount: 130, createdAt: '2025-06-01T10:05:00.000Z' });
    const endTime = '2099-01-01T00:01:30.000Z';
    const view = makeLiveView(makeAuction({ _id: 'a1', currentPrice: 130, bidCount: 2, endTime, bids: [older, mine] }));
    mockApi({ 'POST /api/auctions/a1/bid': () => ({ success: true, message: 'تم', auction: view, bid: mine }) });
    const { result } = renderHook(() => useBidMutation('a1'), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    await act(async () => {
      await result.current.mutateAsync({ amount: 130 });
    });
    const detail = client.getQueryData<Auction>(auctionKeys.detail('a1'))!;
    expect(detail).toMatchObject({ title: 'ساعة يد كلاسيكية', currentPrice: 130, bidCount: 2, endTime });
    expect(detail.bids.map((b) => b._id)).toEqual(['b1', 'b2']);
    expect(detail).not.toHaveProperty('lastBids');
    // The bid watched the auction: one watcher more, the member among them.
    expect(detail).toMatchObject({ watchedByMe: true, watchCount: 5 });
    const listed = client.getQueryData<AuctionList>(auctionKeys.list({ page: 1 }))!.auctions[0];
    expect(listed).toMatchObject({ currentPrice: 130, bidCount: 2, endTime, title: 'ساعة يد كلاسيكية' });
  });
});
