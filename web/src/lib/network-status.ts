import { useSyncExternalStore } from 'react';
import { OFFLINE_SHELL_META } from './offline-shell';

/**
 * Whether the app can reach the network, for the offline notice (app/layout/offline-notice.tsx):
 * - `online`: as usual.
 * - `offline`: the browser says it has no network (`navigator.onLine`, its `online`/`offline` events).
 * - `shell`: the browser thinks it is online, but this page is the service worker's offline
 *   shell (the server could not be reached when it was opened: web/sw/sw.ts marks it).
 * A shell page reloads when the network comes back: the real page, from the server, replaces it.
 */
export type NetworkStatus = 'online' | 'offline' | 'shell';

const SHELL_MARKER = /name="([^"]+)"/.exec(OFFLINE_SHELL_META)![1];

interface NetworkEnvironment {
  window: Window;
  /** Loads the page again from the server (the real page replaces the offline shell). */
  reload: () => void;
}

export function createNetworkStatus({ window: win, reload }: NetworkEnvironment) {
  const isShell = win.document.querySelector(`meta[name="${SHELL_MARKER}"]`) !== null;
  const snapshot = (): NetworkStatus => (!win.navigator.onLine ? 'offline' : isShell ? 'shell' : 'online');
  const subscribe = (changed: () => void) => {
    const online = () => (isShell ? reload() : changed());
    win.addEventListener('online', online);
    win.addEventListener('offline', changed);
    return () => {
      win.removeEventListener('online', online);
      win.removeEventListener('offline', changed);
    };
  };
  return { snapshot, subscribe, retry: reload };
}

let current: ReturnType<typeof createNetworkStatus> | undefined;
/** The page's own status, made on first use (the shell's marker is in the HTML from the start). */
const pageStatus = () => (current ??= createNetworkStatus({ window, reload: () => window.location.reload() }));

/** The network status, re-rendered on every change; `retry` reloads the page. */
export function useNetworkStatus(): { status: NetworkStatus; retry: () => void } {
  const page = pageStatus();
  const status = useSyncExternalStore(page.subscribe, page.snapshot, () => 'online' as const);
  return { status, retry: page.retry };
}
