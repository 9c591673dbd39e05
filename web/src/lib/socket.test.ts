import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The real module (the test setup replaces it with a fake socket everywhere else).
vi.unmock('@/lib/socket');
const { fakeClient, io } = vi.hoisted(() => {
  const client = { on: vi.fn(), connect: vi.fn(), connected: false };
  return { fakeClient: client, io: vi.fn(() => client) };
});
vi.mock('socket.io-client', () => ({ io }));

let readyState: DocumentReadyState = 'loading';
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });

afterEach(() => {
  readyState = 'complete';
});

describe('socket client', () => {
  it('is created once, only after the page has loaded, and given to every component', async () => {
    const { currentSocket, useSocket } = await import('./socket');
    const first = renderHook(() => useSocket());
    const second = renderHook(() => useSocket());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Before the load event: no client, so bids go over HTTP and listeners wait.
    expect(io).not.toHaveBeenCalled();
    expect(currentSocket()).toBeNull();
    expect(first.result.current).toBeNull();

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    await waitFor(() => expect(first.result.current).toBe(fakeClient));
    await waitFor(() => expect(second.result.current).toBe(fakeClient));
    expect(io).toHaveBeenCalledTimes(1);
    // Reconnects for as long as the page is open (it used to give up silently after 5 attempts),
    // WebSocket first (no stickiness needed behind the proxy), polling only when it cannot open.
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/socket.io',
        reconnection: true,
        reconnectionAttempts: Infinity,
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
      }),
    );
    expect(currentSocket()).toBe(fakeClient);
    // A component mounted later has it at once.
    expect(renderHook(() => useSocket()).result.current).toBe(fakeClient);
  });
});
