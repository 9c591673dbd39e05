import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REREAD_BY_ROOM, trackConnection, type TrackedSocket } from '@/lib/socket-connection';
import { fakeSocket, simulateConnect, simulateDisconnect } from '@/testing/fake-socket';
import { renderWithApp } from '@/testing/test-utils';
import { createQueryClient } from './providers';

describe('server state', () => {
  it('is read again on window focus and network reconnect (data older than its stale time)', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ refetchOnWindowFocus: true, refetchOnReconnect: true });
  });

  it('is read again when the socket first connects and each time it reconnects, fresh or not, except queries that opt out', async () => {
    const price = vi.fn(() => Promise.resolve(1));
    const challenge = vi.fn(() => Promise.resolve('7 + 5'));
    const auction = vi.fn(() => Promise.resolve('auction'));
    function Screen() {
      const shown = useQuery({ queryKey: ['price'], queryFn: price, staleTime: Infinity });
      const kept = useQuery({ queryKey: ['challenge'], queryFn: challenge, refetchOnReconnect: false });
      const byRoom = useQuery({ queryKey: ['auction'], queryFn: auction, meta: REREAD_BY_ROOM });
      return <p>{shown.data && kept.data && byRoom.data ? 'ready' : 'loading'}</p>;
    }
    trackConnection(fakeSocket as unknown as TrackedSocket, { min: 1_000, max: 5_000 });
    renderWithApp(<Screen />);
    await screen.findByText('ready');
    // The first connection: what happened between the page's reads and now is read.
    act(() => simulateConnect());
    await waitFor(() => expect(price).toHaveBeenCalledTimes(2));

    act(() => simulateDisconnect());
    act(() => simulateConnect());
    await waitFor(() => expect(price).toHaveBeenCalledTimes(3));
    expect(challenge).toHaveBeenCalledTimes(1);
    expect(auction).toHaveBeenCalledTimes(1); // its room reads it once joined
  });
});
