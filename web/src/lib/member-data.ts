import type { Query, QueryClient } from '@tanstack/react-query';
import { forgetKeptReads } from './query-persistence';

/**
 * The first part of the query key of everything read about members: profiles, their lists
 * (auctions, bids, won, archived) and stats. The profile feature builds its keys on it, and
 * what changes a member's lists elsewhere (their bid, purchase or delete) refreshes them through
 * `refreshMemberData`, instead of leaving them stale for the query's staleTime.
 */
export const MEMBER_DATA_KEY = ['users'] as const;

/**
 * The first part of the query key of what only the signed-in member may read (the unread
 * count): dropped at sign-out, so nothing fetched for one member is shown to the next.
 */
export const SIGNED_IN_DATA_KEY = ['me'] as const;

/**
 * Drops every signed-in member's read from the cache (sign-out), and the pages kept on the device
 * for offline use: an auction page read signed in says whether that member watches it. Those
 * pages are read again as the visitor's (the ones on screen at once), and kept again from then.
 */
export function forgetSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: SIGNED_IN_DATA_KEY });
  forgetKeptReads();
  const kept = (query: Query) => query.meta?.keepOffline === true;
  queryClient.removeQueries({ predicate: (query) => kept(query) && !query.isActive() });
  void queryClient.invalidateQueries({ predicate: kept });
}

/** Marks every member query stale; the ones on screen are read again at once. */
export function refreshMemberData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: MEMBER_DATA_KEY });
}
