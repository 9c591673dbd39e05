import { SocketEvents, type Auction } from '@mazad/contracts';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  emitted,
  fakeSocket,
  listenerCount,
  serverEmit,
  simulateConnect,
  simulateDisconnect,
} from '@/testing/fake-socket';
import { makeAuction, makeBid, makeList } from '@/testing/auction-fixtures';
import { auctionKeys } from './keys';
import { useAuctionRoom, type AuctionRoomHandlers } from './use-auction-room';

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

const joins = () => emitted.filter(([event]) => event === SocketEvents.JoinAuction);
const leaves = () => emitted.filter(([event]) => event === SocketEvents.LeaveAuction);

describe('useAuctionRoom', () => {
  it('joins on mount when connected and leaves on unmount', () => {
    fakeSocket.connected = true;
    const { unmount } = setup(makeAuction());
    expect(joins()).toEqual([[SocketEvents.JoinAuction, ID]]);
    unmount();
    expect(leaves()).toEqual([[SocketEvents.LeaveAuction, ID]]);
    expect(listenerCount(SocketEvents.NewBid)).toBe(0);
  });

  it('applies a newer new_bid to the cache and calls the handler', () => {
    const onNewBid = vi.fn();
    const { queryClient } = setup(makeAuction({ bidCount: 2, currentPrice: 120 }), { onNewBid });
    const bid = makeBid({ amount: 130 });
    act(() =>
      serverEmit(SocketEvents.NewBid, { auction: makeAuction({ bidCount: 3, currentPrice: 130, bids: [bid] }), bid }),
    );
    expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(130);
    expect(onNewBid).toHaveBeenCalledTimes(1);
  });

  it('ignores stale events (bidCount lower than the cached copy)', () => {
    const handlers = { onNewBid: vi.fn(), onUpdated: vi.fn(), onEnded: vi.fn(), onBought: vi.fn() };
    const { queryClient } = setup(makeAuction({ bidCount: 5, currentPrice: 200 }), handlers);
    const old = makeAuction({ bidCount: 4, currentPrice: 190 });
    act(() => {
      serverEmit(SocketEvents.NewBid, { auction: old, bid: makeBid() });
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

  it('keeps older bids of the cached copy when an event carries fewer', () => {
    const older = Array.from({ length: 30 }, (_, i) =>
      makeBid({ _id: `b${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() }),
    );
    const { queryClient } = setup(makeAuction({ bidCount: 30, bids: older }));
    const latest = makeBid({ _id: 'b30', createdAt: new Date(Date.UTC(2025, 0, 1, 1)).toISOString() });
    act(() =>
      serverEmit(SocketEvents.NewBid, {
        auction: makeAuction({ bidCount: 31, bids: [...older.slice(11), latest] }),
        bid: latest,
      }),
    );
    const bids = queryClient.getQueryData<Auction>(auctionKeys.detail(ID))!.bids;
    expect(bids).toHaveLength(31);
    expect(bids[30]._id).toBe('b30');
  });

  it('joins again and refetches the auction after a reconnect', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify(makeAuction({ bidCount: 7, currentPrice: 300 })), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    fakeSocket.connected = true;
    const { queryClient } = setup(makeAuction({ bidCount: 2 }));
    // An active observer of the detail query, as the detail page has.
    const observer = new QueryObserver(queryClient, {
      queryKey: auctionKeys.detail(ID),
      queryFn: () => fetchMock().then((r) => r.json()),
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    act(() => simulateDisconnect());
    emitted.length = 0;
    await act(async () => simulateConnect());
    expect(joins()).toEqual([[SocketEvents.JoinAuction, ID]]);
    await vi.waitFor(() => expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.currentPrice).toBe(300));
    stop();
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
});
