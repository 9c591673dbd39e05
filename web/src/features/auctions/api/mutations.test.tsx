import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeAuction } from '@/testing/auction-fixtures';
import { useBidMutation } from './mutations';

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
