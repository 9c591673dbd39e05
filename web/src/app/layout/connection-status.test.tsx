import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackConnection, type TrackedSocket } from '@/lib/socket-connection';
import { fakeSocket, simulateConnect, simulateDisconnect } from '@/testing/fake-socket';
import { makeSettings, mockApi, renderApp } from '@/testing/test-utils';
import { RECONNECTING_TEXT } from './connection-status';

describe('the "reconnecting…" note', () => {
  it('shows while the live connection is lost and goes when it is back', async () => {
    mockApi({ 'GET /api/settings': () => makeSettings() });
    trackConnection(fakeSocket as unknown as TrackedSocket, { min: 1_000, max: 5_000 });
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    act(() => simulateConnect());
    expect(screen.queryByText(RECONNECTING_TEXT)).not.toBeInTheDocument();

    act(() => simulateDisconnect());
    // The note is in its own live region (the offline notice has another).
    expect(screen.getByText(RECONNECTING_TEXT).closest('[role="status"]')).toHaveClass('connection-status');

    act(() => simulateConnect());
    expect(screen.queryByText(RECONNECTING_TEXT)).not.toBeInTheDocument();
  });
});
