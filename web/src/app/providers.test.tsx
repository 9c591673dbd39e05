import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { trackConnection, type TrackedSocket } from '@/lib/socket-connection';
import { fakeSocket, simulateConnect, simulateDisconnect } from '@/testing/fake-socket';
import { renderWithApp } from '@/testing/test-utils';
import { createQueryClient } from './providers';

describe('server state', () => {
  it('is read again on window focus and network reconnect (data older than its stale time)', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ refetchOnWindowFocus: true, refetchOnReconnect: true });
  });

  it('is read again when the socket reconnects, fresh or not, except queries that opt out', async () => {
    const price = vi.fn(() => Promise.resolve(1));
    const challenge = vi.fn(() => Promise.resolve('7 + 5'));
    function Screen() {
      const shown = useQuery({ queryKey: ['price'], queryFn: price, staleTime: Infinity });
      const kept = useQuery({ queryKey: ['challenge'], queryFn: challenge, refetchOnReconnect: false });
      return <p>{shown.data && kept.data ? 'ready' : 'loading'}</p>;
    }
    trackConnection(fakeSocket as unknown as TrackedSocket, { min: 1_000, max: 5_000 });
    renderWithApp(<Screen />);
    await screen.findByText('ready');
    act(() => simulateConnect()); // the first connection: nothing to catch up on
    expect(price).toHaveBeenCalledTimes(1);

    act(() => simulateDisconnect());
    act(() => simulateConnect());
    await waitFor(() => expect(price).toHaveBeenCalledTimes(2));
    expect(challenge).toHaveBeenCalledTimes(1);
  });
});
