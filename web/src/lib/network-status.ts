import { path, routes } from '@mazad/contracts';
import { useSyncExternalStore } from 'react';
import { OFFLINE_SHELL_META } from './offline-shell';

/**
 * Whether the app can reach the network, for the offline notice (app/layout/offline-notice.tsx):
 * - `online`: as usual.
 * - `offline`: the browser says it has no network (`navigator.onLine`, its `online`/`offline` events).
 * - `shell`: the browser thinks it is online, but this page is the service worker's offline
 *   shell (the server could not be reached when it was opened: web/sw/sw.ts marks it).
 * A shell page asks the server whether it answers, at once and every RETRY_MS while the
 * browser is online, and reloads when it does: the real page, from the server, replaces it.
 * (Reloading on the `online` event alone is not enough: the worker's own requests may still
 * fail for a moment after it, and the reload would land on the shell again.)
 */
export type NetworkStatus = 'online' | 'offline' | 'shell';

export const RETRY_MS = 5_000;

const SHELL_MARKER = /name="([^"]+)"/.exec(OFFLINE_SHELL_META)![1];

interface NetworkEnvironment {
  window: Window;
  /** Loads the page again from the server (the real page replaces the offline shell). */
  reload: () => void;
  /** Whether the server answers now. */
  reachable: () => Promise<boolean>;
}

/** The server's liveness route, past every cache (the worker never handles /api). */
const serverAnswers = () =>
  fetch(path(routes.system.live), { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

export function createNetworkStatus({ window: win, reload, reachable }: NetworkEnvironment) {
  const isShell = win.document.querySelector(`meta[name="${SHELL_MARKER}"]`) !== null;
  const snapshot = (): NetworkStatus => (!win.navigator.onLine ? 'offline' : isShell ? 'shell' : 'online');
  const subscribe = (changed: () => void) => {
    let subscribed = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryServer = async () => {
      clearTimeout(timer);
      if (!win.navigator.onLine) return; // the `online` event starts again
      if (await reachable()) {
        if (subscribed) reload();
      } else if (subscribed) timer = setTimeout(() => void tryServer(), RETRY_MS);
    };
    const online = () => {
      changed();
      if (isShell) void tryServer();
    };
    win.addEventListener('online', online);
    win.addEventListener('offline', changed);
    if (isShell) void tryServer();
    return () => {
      subscribed = false;
      clearTimeout(timer);
      win.removeEventListener('online', online);
      win.removeEventListener('offline', changed);
    };
  };
  return { snapshot, subscribe, retry: reload };
}

let current: ReturnType<typeof createNetworkStatus> | undefined;
/** The page's own status, made on first use (the shell's marker is in the HTML from the start). */
const pageStatus = () =>
  (current ??= createNetworkStatus({ window, reload: () => window.location.reload(), reachable: serverAnswers }));

/** The network status, re-rendered on every change; `retry` reloads the page. */
export function useNetworkStatus(): { status: NetworkStatus; retry: () => void } {
  const page = pageStatus();
  const status = useSyncExternalStore(page.subscribe, page.snapshot, () => 'online' as const);
  return { status, retry: page.retry };
}
