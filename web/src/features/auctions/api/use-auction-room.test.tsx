import { SocketEvents, type Auction } from '@mazad/contracts';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  emitted,
  fakeSocket,
  listenerCount,
  serverEmit,
  simulateConnect,
  simulateDisconnect,
} from '@/testing/fake-socket';
import { makeAuction, makeBid, makeList, makeLiveView } from '@/testing/auction-fixtures';
import { auctionKeys } from './keys';
import { RESYNC_INTERVAL_MS, resetAuctionRooms, useAuctionRoom, type AuctionRoomHandlers } from './use-auction-room';

const ID = 'auction-0000000001';

function setup(initial: Auction, handlers: AuctionRoomHandlers = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(auctionKeys.detail(ID), initial);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ id }) => useAuctionRoom(id, handlers), { wrapper, initialProps: { id: ID } });
  return { queryClient, ...view };
}

const joins = () => emitted.filter(([event]) => event === SocketEvents.JoinAuction).map(([event, id]) => [event, id]);
/** The server's acknowledgement of the latest join. */
const ackJoin = () => {
  const join = emitted.filter(([event]) => event === SocketEvents.JoinAuction).at(-1)!;
  (join[2] as (answer: { ok: boolean; auctionId: string }) => void)({ ok: true, auctionId: ID });
};

/** An active observer of the detail query, as the detail page has; `fetchMock` answers its reads. */
function observeDetail(queryClient: QueryClient, answer: () => Auction) {
  const fetchMock = vi.fn(async () => answer());
  const observer = new QueryObserver(queryClient, {
    queryKey: auctionKeys.detail(ID),
    queryFn: fetchMock,
    staleTime: Infinity,
  });
  return { fetchMock, stop: observer.subscribe(() => {}) };
}

/** `count` bids, one a minute, oldest first. */
const bidsUpTo = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeBid({ _id: `b${i + 1}`, amount: 100 + i, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
  );
const leaves = () => emitted.filter(([event]) => event === SocketEvents.LeaveAuction);

describe('useAuctionRoom', () => {
  // Re-reads are spaced per auction across hooks: start each test without the previous one's.
  afterEach(() => resetAuctionRooms());

  it('joins on mount when connected and leaves on unmount', () => {
    fakeSocket.connected = true;
    const { unmount } = setup(makeAuction());
    expect(joins()).toEqual([[SocketEvents.JoinAuction, ID]]);
    unmount();
    expect(leaves()).toEqual([[SocketEvents.LeaveAuction, ID]]);
    expect(listenerCount(SocketEvents.NewBid)).toBe(0);
  });

  it('merges a newer new_bid live view into the cached full auction and calls the handler', () => {
    const onNewBid = vi.fn();
    const bids = bidsUpTo(3);
    const { queryClient } = setup(makeAuction({ bidCount: 2, currentPrice: 101, bids: bids.slice(0, 2) }), {
      onNewBid,
    });
    const winner = { _id: 'w', id: 'w', name: 'ليلى' };
    const view = makeLiveView(
      makeAuction({ bidCount: 3, currentPrice: 102, bids, endTime: '2099-02-01T00:00:00.000Z', status: 'مباع' }),
      { winner },
    );
    act(() => serverEmit(SocketEvents.NewBid, { auction: view, bid: bids[2] }));
    const cached = queryClient.getQueryData<Auction>(auctionKeys.detail(ID))!;
    expect(cached).toMatchObject({
      currentPrice: 102,
      bidCount: 3,
      endTime: '2099-02-01T00:00:00.000Z',
      status: 'مباع',
      winner,
      // What the live view does not carry is kept.
      title: 'ساعة يد كلاسيكية',
      description: 'ساعة بحالة ممتازة',
    });
    // The view's bids (newest first) merged into the history without duplicates, oldest first.
    expect(cached.bids.map((b) => b._id)).toEqual(['b1', 'b2', 'b3']);
    expect(onNewBid).toHaveBeenCalledTimes(1);
  });

  it('ignores stale events (bidCount lower than the cached copy)', () => {
    const handlers = { onNewBid: vi.fn(), onUpdated: vi.fn(), onEnded: vi.fn(), onBought: vi.fn() };
    const { queryClient } = setup(makeAuction({ bidCount: 5, currentPrice: 200 }), handlers);
    const old = makeAuction({ bidCount: 4, currentPrice: 190 });
    act(() => {
      serverEmit(SocketEvents.NewBid, { auction: makeLiveView(old), bid: makeBid() });
      // The same seq as the copy: nothing new either.
      serverEmit(SocketEvents.NewBid, { auction: makeLiveView(old, { seq: 5, bidCount: 5 }), bid: makeBid() });
      serverEmit(SocketEvents.AuctionUpdated, { auction: old });
      serverEmit(SocketEvents.AuctionEnded, { auction: old });
      serverEmit(SocketEvents.AuctionBought, { auction: old, buyer: { _id: 'x', name: 'س' } });
    });
    expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(200);
    for (const handler of Object.values(handlers)) expect(handler).not.toHaveBeenCalled();
  });

  it('also updates the auction inside cached list pages, and ignores other auctions', () => {
    const { queryClient } = setup(makeAuction({ bidCount: 1 }));
    queryClient.setQueryData(
      auctionKeys.list({ page: 1 }),
      makeList([makeAuction({ bidCount: 1 }), makeAuction({ _id: 'other-000000001', id: 'other-000000001' })]),
    );
    act(() => serverEmit(SocketEvents.AuctionEnded, { auction: makeAuction({ bidCount: 1, status: 'مباع' }) }));
    act(() =>
      serverEmit(SocketEvents.AuctionEnded, {
        auction: makeAuction({ _id: 'zzz-0000000001', bidCount: 9, status: 'مباع' }),
      }),
    );
    const list = queryClient.getQueryData<ReturnType<typeof makeList>>(auctionKeys.list({ page: 1 }));
    expect(list?.auctions[0].status).toBe('مباع');
    expect(list?.auctions[1].status).toBe('نشط');
  });

  it('keeps older bids of the cached copy: the live view carries only the last three', () => {
    const bids = bidsUpTo(31);
    const { queryClient } = setup(makeAuction({ bidCount: 30, bids: bids.slice(0, 30) }));
    act(() =>
      serverEmit(SocketEvents.NewBid, { auction: makeLiveView(makeAuction({ bidCount: 31, bids })), bid: bids[30] }),
    );
    const cached = queryClient.getQueryData<Auction>(auctionKeys.detail(ID))!.bids;
    expect(cached).toHaveLength(31);
    expect(cached[30]._id).toBe('b31');
  });

  it('moves list copies with the live view, capped at their size, without a re-read', async () => {
    const bids = bidsUpTo(12);
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      auctionKeys.list({ page: 1 }),
      makeList([makeAuction({ bidCount: 1, bids: bids.slice(0, 1) })]),
    );
    renderHook(() => useAuctionRoom(ID), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    const refetch = vi.spyOn(queryClient, 'refetchQueries');
    act(() =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeLiveView(makeAuction({ bidCount: 12, currentPrice: 111, bids })),
        bid: bids[11],
      }),
    );
    const item = queryClient.getQueryData<ReturnType<typeof makeList>>(auctionKeys.list({ page: 1 }))!.auctions[0];
    expect(item).toMatchObject({ currentPrice: 111, bidCount: 12 });
    expect(item.bids.map((b) => b._id)).toEqual(['b1', 'b10', 'b11', 'b12']);
    await new Promise((r) => setTimeout(r, 10));
    expect(refetch).not.toHaveBeenCalled();
  });

  it('a seq that follows the copy needs no re-read; a gap re-reads the detail copy once', async () => {
    const bids = bidsUpTo(20);
    const { queryClient } = setup(makeAuction({ bidCount: 5, bids: bids.slice(0, 5) }));
    const { fetchMock, stop } = observeDetail(queryClient, () =>
      makeAuction({ bidCount: 20, currentPrice: 119, bids }),
    );
    const send = (count: number) =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeLiveView(
          makeAuction({ bidCount: count, currentPrice: 100 + count - 1, bids: bids.slice(0, count) }),
        ),
        bid: bids[count - 1],
      });
    // 5 → 8: the three missing bids are the view's three: complete.
    act(() => send(8));
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    // 8 → 12 and 12 → 16: bids 9 and 13 never arrived. The live fields apply at once…
    act(() => send(12));
    expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(111);
    act(() => send(16));
    expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.bidCount).toBe(16);
    // …and both gaps are healed by ONE re-read.
    await vi.waitFor(() => expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.bids).toHaveLength(20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('spaces re-reads RESYNC_INTERVAL_MS apart under a storm of gaps', async () => {
    vi.useFakeTimers();
    try {
      const bids = bidsUpTo(40);
      const { queryClient } = setup(makeAuction({ bidCount: 1, bids: bids.slice(0, 1) }));
      const { fetchMock, stop } = observeDetail(queryClient, () =>
        makeAuction({ bidCount: 1, bids: bids.slice(0, 1) }),
      );
      const gap = (count: number) =>
        serverEmit(SocketEvents.NewBid, {
          auction: makeLiveView(makeAuction({ bidCount: count, bids: bids.slice(0, count) })),
          bid: bids[count - 1],
        });
      act(() => gap(10));
      await act(async () => vi.advanceTimersByTimeAsync(0));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The read answered an old copy (bidCount 1): every message is a gap again.
      for (const count of [20, 30, 40]) {
        act(() => gap(count));
        await act(async () => vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS / 4));
      }
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('joins again and re-reads the auction after a reconnect, once in the room', async () => {
    fakeSocket.connected = true;
    const { queryClient } = setup(makeAuction({ bidCount: 2 }));
    const { fetchMock, stop } = observeDetail(queryClient, () => makeAuction({ bidCount: 7, currentPrice: 300 }));
    act(() => simulateDisconnect());
    emitted.length = 0;
    await act(async () => simulateConnect());
    expect(joins()).toEqual([[SocketEvents.JoinAuction, ID]]);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => ackJoin());
    await vi.waitFor(() => expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(300));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a late join (the copy was read before the join was asked) re-reads once in the room', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(auctionKeys.detail(ID), makeAuction({ bidCount: 2 }), { updatedAt: Date.now() - 60_000 });
    const { fetchMock, stop } = observeDetail(queryClient, () => makeAuction({ bidCount: 9, currentPrice: 400 }));
    fakeSocket.connected = true;
    renderHook(() => useAuctionRoom(ID), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    act(() => ackJoin());
    await vi.waitFor(() => expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(400));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    stop();
  });

  it('one message, several watchers of the auction: applied once, every handler called', () => {
    const first = vi.fn();
    const second = vi.fn();
    const bids = bidsUpTo(2);
    const { queryClient } = setup(makeAuction({ bidCount: 1, bids: bids.slice(0, 1) }), { onNewBid: first });
    renderHook(() => useAuctionRoom(ID, { onNewBid: second }), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    const setData = vi.spyOn(queryClient, 'setQueryData');
    const event = { auction: makeLiveView(makeAuction({ bidCount: 2, bids })), bid: bids[1] };
    act(() => serverEmit(SocketEvents.NewBid, event));
    expect(setData).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    // The same state again (another replica's message): stale for both.
    act(() => serverEmit(SocketEvents.NewBid, { ...event }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps the room while another watcher remains', () => {
    fakeSocket.connected = true;
    const a = setup(makeAuction());
    const b = renderHook(() => useAuctionRoom(ID), {
      wrapper: ({ children }) => <QueryClientProvider client={a.queryClient}>{children}</QueryClientProvider>,
    });
    a.unmount();
    expect(leaves()).toHaveLength(0);
    b.unmount();
    expect(leaves()).toHaveLength(1);
  });

  it("re-reads the auction (detail and list copies, once) when the member's outbid names a price the copy lacks", async () => {
    vi.useFakeTimers();
    try {
      const { queryClient } = setup(makeAuction({ bidCount: 1, currentPrice: 120 }));
      const { fetchMock, stop } = observeDetail(queryClient, () => makeAuction({ bidCount: 2, currentPrice: 150 }));
      queryClient.setQueryData(auctionKeys.list({}), makeList([makeAuction({ bidCount: 1, currentPrice: 120 })]));
      const listFetch = vi.fn(async () => makeList([makeAuction({ bidCount: 2, currentPrice: 150 })]));
      const stopList = new QueryObserver(queryClient, {
        queryKey: auctionKeys.list({}),
        queryFn: listFetch,
        staleTime: Infinity,
      }).subscribe(() => {});
      const outbid = (currentPrice: number, auctionId = ID) =>
        serverEmit(SocketEvents.Outbid, {
          auctionId,
          title: 'ساعة',
          amount: currentPrice,
          currentPrice,
          message: 'تم',
        });

      // Another auction's notice is not about this copy.
      act(() => outbid(150, 'other-000000001'));
      await act(async () => vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(listFetch).not.toHaveBeenCalled();

      // The bid that overtook the member never reached this page (its new_bid was missed).
      act(() => {
        outbid(150);
        outbid(150);
      });
      await act(async () => vi.advanceTimersByTimeAsync(0));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(listFetch).toHaveBeenCalledTimes(1);
      expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(150);
      expect(
        queryClient.getQueryData<ReturnType<typeof makeList>>(auctionKeys.list({}))?.auctions[0].currentPrice,
      ).toBe(150);

      // A notice the copies already show (its new_bid came first, as usual) reads nothing.
      act(() => outbid(150));
      await act(async () => vi.advanceTimersByTimeAsync(RESYNC_INTERVAL_MS * 2));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(listFetch).toHaveBeenCalledTimes(1);
      stop();
      stopList();
    } finally {
      vi.useRealTimers();
    }
  });
});
