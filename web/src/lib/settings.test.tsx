import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { callsTo, makeSettings, mockApi } from '@/testing/test-utils';
import { useSettings } from './settings';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useSettings', () => {
  it("reads the server's configurable numbers once and shares them", async () => {
    const fetchMock = mockApi({
      'GET /api/settings': () => makeSettings({ bidExtensionSeconds: 45, auctionDurations: ['20s', '1h'] }),
    });
    const Wrapper = wrapper();
    const first = renderHook(() => useSettings(), { wrapper: Wrapper });
    // Nothing built in: no figure until the server has answered.
    expect(first.result.current.data).toBeUndefined();
    await waitFor(() => expect(first.result.current.data?.bidExtensionSeconds).toBe(45));
    expect(first.result.current.data).toEqual({
      auctionDurations: ['20s', '1h'],
      bidExtensionSeconds: 45,
      archiveUnsoldAfterSeconds: 900,
      archiveSoldAfterSeconds: 86_400,
      contact: { phone: '', email: '' },
    });
    const second = renderHook(() => useSettings(), { wrapper: Wrapper });
    expect(second.result.current.data?.bidExtensionSeconds).toBe(45);
    expect(callsTo(fetchMock, 'GET /api/settings')).toHaveLength(1);
  });

  it('reports a failure without a value', async () => {
    mockApi({
      'GET /api/settings': () => ({
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'خطأ', error: 'خطأ' },
      }),
    });
    const { result } = renderHook(() => useSettings(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
  });
});
