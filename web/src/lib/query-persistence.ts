/**
 * The last pages read, kept on the device for when the network is gone (R-OFFLINE-LISTS): the
 * reads that opt in (`meta: KEEP_OFFLINE`: the public auction lists and auction pages) are saved
 * in localStorage in TanStack Query's dehydrated form, the most recent first, bounded in
 * number and size. They are put back only for a read that cannot reach the server — paused
 * because the browser is offline, or failed without an answer — and has nothing to show: online,
 * the page always shows the server's answer, never an old copy first. Member-private reads never
 * opt in, and sign-out forgets the whole snapshot (an auction page read signed in says whether
 * that member watches it).
 *
 * Written here rather than with `@tanstack/query-persist-client-core`: its releases pin an older
 * `@tanstack/query-core` than the app's, which would put a second copy of it in the first bundle;
 * `dehydrate` is the app's own copy.
 */
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { storage, storageKeys } from './storage';

/** Query meta of a read worth keeping for offline use (public data only). */
export const KEEP_OFFLINE = { keepOffline: true } as const;

/** At most this many reads are kept (the most recently read)… */
export const MAX_KEPT_QUERIES = 20;
/** …in at most this many characters of JSON (localStorage holds about 5 million). */
export const MAX_SNAPSHOT_CHARS = 1_500_000;
/** A copy older than this is not shown. */
export const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/** Writes are grouped: at most one a second. */
export const SAVE_DELAY_MS = 1_000;
/** The snapshot's shape; another value is ignored (an app update that changed it). */
const VERSION = 1;

interface Snapshot {
  version: number;
  savedAt: number;
  state: DehydratedState;
}

const isKept = (query: Query) => query.meta?.keepOffline === true && query.state.status === 'success';

/**
 * The kept reads, newest first, within the number and size bounds: this page's, and those kept by
 * earlier pages (`earlier`, the stored snapshot) that this page has not read again, so the last
 * pages read stay available whichever page was opened last.
 */
export function takeSnapshot(client: QueryClient, earlier: Snapshot | null = null, now = Date.now()): Snapshot {
  const state = dehydrate(client, { shouldDehydrateQuery: isKept, shouldDehydrateMutation: () => false });
  const current = new Set(state.queries.map((q) => q.queryHash));
  const older = (earlier?.state.queries ?? []).filter(
    (q) => !current.has(q.queryHash) && now - q.state.dataUpdatedAt <= MAX_AGE_MS,
  );
  let queries = [...state.queries, ...older]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_KEPT_QUERIES);
  const snapshot = (kept: typeof queries): Snapshot => ({
    version: VERSION,
    savedAt: now,
    state: { mutations: [], queries: kept },
  });
  while (queries.length > 0 && JSON.stringify(snapshot(queries)).length > MAX_SNAPSHOT_CHARS) {
    queries = queries.slice(0, -1);
  }
  return snapshot(queries);
}

function readSnapshot(now = Date.now()): Snapshot | null {
  const snapshot = storage.getJson<Snapshot>(storageKeys.offlineCopies);
  if (!snapshot || snapshot.version !== VERSION || !Array.isArray(snapshot.state?.queries)) return null;
  if (now - snapshot.savedAt > MAX_AGE_MS) return null;
  return snapshot;
}

/** No answer from the server at all (offline, unreachable, timed out), as opposed to a refusal. */
const unanswered = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Puts the kept copy of `query` back, if there is one and the query has nothing to show: its data
 * and the time it was read, while the query stays as it is (paused offline, or failed: the screens
 * say the copy is old by that, `components/ui/kept-copy-notice.tsx`) and is read again as soon as
 * the network is back. Returns whether it did.
 */
export function restoreKeptCopy(query: Query, now = Date.now()): boolean {
  if (query.state.data !== undefined || query.meta?.keepOffline !== true) return false;
  const kept = readSnapshot(now)?.state.queries.find((q) => q.queryHash === query.queryHash);
  if (!kept || now - kept.state.dataUpdatedAt > MAX_AGE_MS) return false;
  const { data, dataUpdatedAt } = kept.state;
  // A failed read keeps its error (so the screen knows the copy is old); a pending one has data now.
  query.setState({ data, dataUpdatedAt, ...(query.state.status === 'pending' ? { status: 'success' } : {}) });
  return true;
}

/**
 * Keeps the opted-in reads on the device as they arrive, and brings a kept copy back for a read
 * that cannot reach the server. Returns the unsubscribe function (the app calls it once).
 */
export function keepReadsOffline(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    storage.setJson(storageKeys.offlineCopies, takeSnapshot(client, readSnapshot()));
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.keepOffline !== true) return;
    const { action } = event;
    if (action.type === 'success' && !action.manual) {
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    } else if (
      action.type === 'pause' ||
      ((action.type === 'failed' || action.type === 'error') && unanswered(action.error))
    ) {
      restoreKeptCopy(event.query);
    }
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Sign-out: nothing read for one member stays on the device for the next. */
export function forgetKeptReads(): void {
  storage.remove(storageKeys.offlineCopies);
}
