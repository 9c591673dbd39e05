import type { Auction } from '@mazad/contracts';
import { defaultScheduler, notifyManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAuction, makeList } from '@/testing/auction-fixtures';
import { auctionKeys } from './keys';
import { useAuctionEnd } from './use-auction-end';
import { resetAuctionRooms } from './use-auction-room';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const at = (ms: number) => new Date(NOW + ms).toISOString();
const ID = 'auction-0000000001';
const OTHER = 'auction-0000000002';

/** Lets `ms` pass, then the re-read that moment scheduled (a zero-delay timer, after the re-render). */
async function pass(ms: number) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
  await act(async () => vi.advanceTimersByTimeAsync(0));
}

describe('useAuctionEnd', () => {
  let queryClient: QueryClient;
  let wrapper: ({ children }: { children: ReactNode }) => ReactNode;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    // The cache tells observers at once (its default zero-delay timer is not the fake clock's).
    notifyManager.setScheduler((notify) => notify());
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    wrapper = ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  });
  afterEach(() => {
    notifyManager.setScheduler(defaultScheduler);
    resetAuctionRooms();
    vi.useRealTimers();
  });

  /** A page's copy of an auction (the detail entry), read by `read` when re-read. */
  function detail(read: () => Auction) {
    const fetch = vi.fn(async () => read());
    const view = renderHook(
      () => {
        const { data } = useQuery({ queryKey: auctionKeys.detail(ID), queryFn: fetch });
        return useAuctionEnd(data!);
      },
      { wrapper },
    );
    return { fetch, view };
  }

  /** A grid card: the auction `id` of the first list page. */
  const card = (id: string, read: () => ReturnType<typeof makeList>, fetch = vi.fn(async () => read())) => ({
    fetch,
    view: renderHook(
      () => {
        const { data } = useQuery({ queryKey: auctionKeys.list({}), queryFn: fetch });
        return useAuctionEnd(data!.auctions.find((a) => a._id === id)!);
      },
      { wrapper },
    ),
  });

  it('re-reads the auction once when its end is reached, and a later end brought by the re-read opens bidding again', async () => {
    queryClient.setQueryData(auctionKeys.detail(ID), makeAuction({ endTime: at(1_000) }));
    // A bid this page missed moved the end 90 s on.
    const { fetch, view } = detail(() => makeAuction({ endTime: at(90_000), bidCount: 1 }));
    expect(view.result.current).toBe(false);

    await pass(1_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(view.result.current).toBe(false); // the real end is later: bidding is open again
    expect(queryClient.getQueryData<Auction>(auctionKeys.detail(ID))?.endTime).toBe(at(90_000));

    // The new end is watched in turn; an auction that really ended is read once more, no more.
    fetch.mockImplementation(async () => makeAuction({ endTime: at(90_000), bidCount: 1, status: 'مباع' }));
    await pass(89_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(view.result.current).toBe(true);
    await pass(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('cards that reach their end together read their list page once', async () => {
    const list = makeList([
      makeAuction({ _id: ID, id: ID, endTime: at(1_000) }),
      makeAuction({ _id: OTHER, id: OTHER, endTime: at(1_000) }),
    ]);
    queryClient.setQueryData(auctionKeys.list({}), list);
    const fetch = vi.fn(async () => list);
    const cards = [card(ID, () => list, fetch), card(OTHER, () => list, fetch)];
    await pass(1_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(cards.map((c) => c.view.result.current)).toEqual([true, true]);
  });

  it('reads nothing for a copy already past its end when shown, or one that is not open', async () => {
    queryClient.setQueryData(auctionKeys.detail(ID), makeAuction({ endTime: at(-5_000) }));
    const past = detail(() => makeAuction({ endTime: at(-5_000) }));
    expect(past.view.result.current).toBe(true);
    const list = makeList([makeAuction({ _id: OTHER, id: OTHER, endTime: at(1_000), status: 'مباع' })]);
    queryClient.setQueryData(auctionKeys.list({}), list);
    const sold = card(OTHER, () => list);
    await pass(5_000);
    expect(past.fetch).not.toHaveBeenCalled();
    expect(sold.fetch).not.toHaveBeenCalled();
  });
});
