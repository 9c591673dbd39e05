import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNetworkStatus, RETRY_MS } from '@/lib/network-status';
import { OFFLINE_SHELL_META } from '@/lib/offline-shell';
import { makeSettings, mockApi, renderApp } from '@/testing/test-utils';
import { OFFLINE_TEXT, OfflineNotice, RETRY_TEXT, SHELL_TEXT } from './offline-notice';

const goOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

describe('the offline notice', () => {
  afterEach(() => document.head.querySelector('meta[name="mazad-offline-shell"]')?.remove());

  it('shows while the browser is offline and goes when it is back', async () => {
    mockApi({ 'GET /api/settings': () => makeSettings() });
    renderApp('/about');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();

    goOnline(false);
    const notice = screen.getByText(OFFLINE_TEXT);
    expect(notice.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');

    goOnline(true);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });

  it('on the shell, asks the server once online, again every few seconds, and reloads when it answers', async () => {
    vi.useFakeTimers();
    document.head.insertAdjacentHTML('beforeend', OFFLINE_SHELL_META);
    const reload = vi.fn();
    const reachable = vi.fn(() => Promise.resolve(false));
    const status = createNetworkStatus({ window, reload, reachable });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(status.snapshot()).toBe('offline');
    const unsubscribe = status.subscribe(() => {});
    expect(reachable).not.toHaveBeenCalled(); // offline: nothing to ask

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // Online by the browser's word, but still the saved copy until the server answers.
    expect(status.snapshot()).toBe('shell');
    await vi.advanceTimersByTimeAsync(0);
    expect(reachable).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    reachable.mockResolvedValue(true);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(reachable).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
    unsubscribe();
    vi.useRealTimers();
  });

  it('does not ask the server from a page the server sent', async () => {
    const reachable = vi.fn(() => Promise.resolve(true));
    const status = createNetworkStatus({ window, reload: vi.fn(), reachable });
    const unsubscribe = status.subscribe(() => {});
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(reachable).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('offers a retry on the shell while the browser believes it is online', async () => {
    document.head.insertAdjacentHTML('beforeend', OFFLINE_SHELL_META);
    vi.resetModules();
    const reload = vi.fn();
    vi.doMock('@/lib/network-status', async (original) => {
      const actual = await original<typeof import('@/lib/network-status')>();
      const page = actual.createNetworkStatus({ window, reload, reachable: () => Promise.resolve(false) });
      return {
        ...actual,
        useNetworkStatus: () => ({ status: page.snapshot(), retry: page.retry }),
      };
    });
    const { OfflineNotice: ShellNotice } = await import('./offline-notice');
    render(<ShellNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(SHELL_TEXT);
    fireEvent.click(screen.getByRole('button', { name: RETRY_TEXT }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.doUnmock('@/lib/network-status');
  });

  it('is an empty live region while online', () => {
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
