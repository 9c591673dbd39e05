import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MEMBER_DATA_KEY } from '@/lib/member-data';
import { makeAuction } from '@/testing/auction-fixtures';
import { mockApi } from '@/testing/test-utils';
import { useDeleteAuction } from './delete-auction';
import { useBidMutation } from './place-bid';

/** A profile list as the profile feature caches it, fresh (not yet stale by time). */
function withProfileList() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
  const key = [...MEMBER_DATA_KEY, 'u-1', 'bids'];
  client.setQueryData(key, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, key, wrapper };
}

describe("the member's own actions refresh the profile lists at once (not 15 s later)", () => {
  it('a bid', async () => {
    mockApi({
      'POST /api/auctions/a1/bid': () => ({ success: true, auction: makeAuction({ _id: 'a1', bidCount: 1 }) }),
    });
    const { client, key, wrapper } = withProfileList();
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    await act(() => result.current.mutateAsync({ amount: 130 }));
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('a delete', async () => {
    mockApi({ 'DELETE /api/auctions/a1': () => ({ success: true }) });
    const { client, key, wrapper } = withProfileList();
    const { result } = renderHook(() => useDeleteAuction('a1'), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
