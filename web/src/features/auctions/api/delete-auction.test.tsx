import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { MEMBER_DATA_KEY } from '@/lib/member-data';
import { makeAuction } from '@/testing/auction-fixtures';
import { callsTo, mockApi } from '@/testing/test-utils';
import { DELETE_ERROR_FALLBACK, useDeleteAuction } from './delete-auction';
import { auctionKeys } from './keys';

/** A cache as the screens leave it: the auction's page, another auction, a list, the tiles, a profile list. */
function filledCache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(auctionKeys.detail('a1'), makeAuction({ _id: 'a1' }));
  client.setQueryData(auctionKeys.detail('a2'), makeAuction({ _id: 'a2' }));
  client.setQueryData(auctionKeys.list({ page: 1 }), { auctions: [makeAuction({ _id: 'a1' })] });
  client.setQueryData(auctionKeys.siteStats(), { totalAuctions: 1 });
  client.setQueryData([...MEMBER_DATA_KEY, 'seller-1', 'auctions', 'all'], []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('useDeleteAuction (the auction page and the edit form)', () => {
  it("drops the auction's copy and refreshes every auction read, the tiles and the members' lists", async () => {
    const fetchMock = mockApi({ 'DELETE /api/auctions/a1': () => ({ success: true, message: 'تم حذف المزاد بنجاح' }) });
    const { client, wrapper } = filledCache();
    const { result } = renderHook(() => useDeleteAuction('a1'), { wrapper });
    await act(() => result.current.mutateAsync());

    expect(callsTo(fetchMock, 'DELETE /api/auctions/a1')).toHaveLength(1);
    expect(client.getQueryData(auctionKeys.detail('a1'))).toBeUndefined();
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(auctionKeys.detail('a2'))).toBe(true);
    expect(stale(auctionKeys.list({ page: 1 }))).toBe(true);
    expect(stale(auctionKeys.siteStats())).toBe(true);
    expect(stale([...MEMBER_DATA_KEY, 'seller-1', 'auctions', 'all'])).toBe(true);
  });

  it("toasts the server's refusal once and leaves the cache as it was", async () => {
    const message = 'لا يمكن حذف المزاد بعد وجود مزايدات عليه';
    mockApi({ 'DELETE /api/auctions/a1': () => ({ status: 400, body: { statusCode: 400, message } }) });
    const { client, wrapper } = filledCache();
    const { result } = renderHook(() => useDeleteAuction('a1'), { wrapper });
    await act(() => result.current.mutateAsync().catch(() => undefined));

    expect(toastStore.getSnapshot().map((t) => t.message)).toEqual([message]);
    expect(client.getQueryData(auctionKeys.detail('a1'))).toBeDefined();
    expect(client.getQueryState(auctionKeys.list({ page: 1 }))?.isInvalidated).toBe(false);
    expect(DELETE_ERROR_FALLBACK).toBe('حدث خطأ أثناء حذف المزاد');
  });
});
