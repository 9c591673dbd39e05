import { ERROR_MESSAGES } from '@mazad/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { makeAuction, makeBid, makeLiveView } from '@/testing/auction-fixtures';
import { answerAcks, emitted, simulateConnect } from '@/testing/fake-socket';
import { mockApi } from '@/testing/test-utils';
import { BUSY_ATTEMPTS, BUSY_DELAY_CAP_MS, busyDelayMs } from './busy-retry';
import { auctionKeys } from './keys';
import { useSetMaxBid } from './max-bid';
import { useBidMutation } from './place-bid';

/** What the server answers an auction past its capacity: 503, over HTTP and in a socket acknowledgement alike. */
const busyBody = (retryAfter: unknown = 1) => ({
  statusCode: 503,
  code: 'AUCTION_BUSY' as const,
  message: ERROR_MESSAGES.AUCTION_BUSY,
  error: ERROR_MESSAGES.AUCTION_BUSY,
  retryAfter: retryAfter as number, // also what a malformed answer would carry
});
const busyError = (retryAfter?: unknown) => new ApiError('busy', 503, busyBody(retryAfter));

const after = makeAuction({ _id: 'a1', currentPrice: 130, bidCount: 1, bids: [makeBid({ amount: 130 })] });
const okBid = { success: true, message: 'تمت إضافة المزايدة بنجاح', auction: makeLiveView(after), bid: after.bids[0] };

function setup() {
  const client = new QueryClient();
  client.setQueryData(auctionKeys.detail('a1'), makeAuction({ _id: 'a1', currentPrice: 100, bidCount: 0 }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const keysOf = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('busyDelayMs: full jitter under the server’s retryAfter, capped near a second', () => {
  it('waits uniformly in [0, min(retryAfter, cap))', () => {
    expect(busyDelayMs(busyError(1), () => 0)).toBe(0);
    expect(busyDelayMs(busyError(1), () => 0.999)).toBe(999);
    expect(busyDelayMs(busyError(0.2), () => 0.999)).toBe(199);
    // A long Retry-After is capped: a live auction does not wait for it.
    expect(busyDelayMs(busyError(30), () => 0.999)).toBe(BUSY_DELAY_CAP_MS - 1);
    // No usable retryAfter: a second.
    expect(busyDelayMs(busyError(undefined), () => 0.5)).toBe(500);
    expect(busyDelayMs(busyError('soon'), () => 0.5)).toBe(500);
    for (let i = 0; i < 200; i++) {
      const delay = busyDelayMs(busyError(0.3));
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(300);
    }
  });
});

describe('a bid refused with AUCTION_BUSY is sent again', () => {
  it('over HTTP: the same request under the same key after the jittered wait, saying so meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // a wait of 500 ms under retryAfter 1 s
    const { client, wrapper } = setup();
    let calls = 0;
    const fetchMock = mockApi({
      'POST /api/auctions/a1/bid': () => (++calls === 1 ? { status: 503, body: busyBody(1) } : okBid),
    });
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutateAsync({ amount: 130 });
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.retrying).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
      await done;
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = keysOf(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ body: JSON.stringify({ amount: 130 }) });
    expect(result.current.retrying).toBe(false);
    expect(client.getQueryData(auctionKeys.detail('a1'))).toMatchObject({ currentPrice: 130, bidCount: 1 });
  });

  it(`gives up after ${BUSY_ATTEMPTS} attempts and shows the Arabic error once`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shown = vi.spyOn(toast, 'error');
    const { client, wrapper } = setup();
    const fetchMock = mockApi({ 'POST /api/auctions/a1/bid': () => ({ status: 503, body: busyBody(1) }) });
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    let error: unknown;
    await act(async () => {
      const pending = result.current.mutateAsync({ amount: 130 }).catch((e: unknown) => (error = e));
      await vi.advanceTimersByTimeAsync(BUSY_ATTEMPTS * BUSY_DELAY_CAP_MS);
      await pending;
    });
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_ATTEMPTS);
    expect(new Set(keysOf(fetchMock)).size).toBe(1);
    expect(error).toMatchObject({ status: 503, code: 'AUCTION_BUSY', message: ERROR_MESSAGES.AUCTION_BUSY });
    expect(shown.mock.calls).toEqual([[ERROR_MESSAGES.AUCTION_BUSY]]);
    expect(result.current.retrying).toBe(false);
    expect(client.getQueryData(auctionKeys.detail('a1'))).toMatchObject({ currentPrice: 100 });
  });

  it('does not retry another refusal (4xx)', async () => {
    const shown = vi.spyOn(toast, 'error');
    const { wrapper } = setup();
    const message = ERROR_MESSAGES.BID_TOO_LOW;
    const fetchMock = mockApi({
      'POST /api/auctions/a1/bid': () => ({ status: 409, body: { statusCode: 409, code: 'BID_TOO_LOW', message } }),
    });
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    let error: unknown;
    await act(async () => {
      error = await result.current.mutateAsync({ amount: 130 }).catch((e: unknown) => e);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ status: 409, code: 'BID_TOO_LOW' });
    expect(shown.mock.calls).toEqual([[message]]);
  });

  it('over the socket: the busy acknowledgement is retried with the same idempotencyKey', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.setItem('token', 'member-token');
    simulateConnect();
    const { client, wrapper } = setup();
    const fetchMock = mockApi({});
    let acks = 0;
    answerAcks('place_bid', () => (++acks === 1 ? busyBody(0.5) : okBid));
    const { result } = renderHook(() => useBidMutation('a1'), { wrapper });
    await act(async () => {
      const pending = result.current.mutateAsync({ amount: 130 });
      await vi.advanceTimersByTimeAsync(500);
      await pending;
    });
    const keys = emitted.map(([, payload]) => (payload as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(client.getQueryData(auctionKeys.detail('a1'))).toMatchObject({ currentPrice: 130 });
  });

  it('setting a maximum goes through the same retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { wrapper } = setup();
    let calls = 0;
    const fetchMock = mockApi({
      'PUT /api/auctions/a1/max-bid': () =>
        ++calls === 1
          ? { status: 503, body: busyBody(0.1) }
          : { ...okBid, maxBid: { amount: 200, setAt: after.updatedAt }, leading: true },
    });
    const { result } = renderHook(() => useSetMaxBid('a1'), { wrapper });
    await act(async () => {
      const pending = result.current.mutateAsync({ amount: 200 });
      await vi.advanceTimersByTimeAsync(100);
      await pending;
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = keysOf(fetchMock);
    expect(second).toBe(first);
  });
});
