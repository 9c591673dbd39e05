/**
 * GET /api/users/me/watching: which of a list page's auctions the signed-in member watches, for
 * the watch toggles on the cards (lists are shared by every viewer and carry no `watchedByMe`).
 */
import { LIMITS, path, routes, type WatchingResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '@/features/auth';
import { api } from '@/lib/api-client';
import { auctionKeys } from './keys';

export function getWatching(ids: readonly string[], signal?: AbortSignal): Promise<WatchingResult> {
  return api.get<WatchingResult>(path(routes.watchlist.watching), {
    query: { ids: ids.join(',') },
    silent: true,
    signal,
  });
}

/**
 * The watched state of each of `ids` for the signed-in member: `true`/`false` once known,
 * `undefined` for a visitor and until the answer is in. One read per list page (its first
 * `LIMITS.pageLimitMax` ids).
 */
export function useWatching(ids: readonly string[]): (id: string) => boolean | undefined {
  const { isAuthenticated } = useSession();
  const asked = useMemo(() => ids.slice(0, LIMITS.pageLimitMax), [ids]);
  const query = useQuery({
    queryKey: auctionKeys.watching(asked),
    queryFn: ({ signal }) => getWatching(asked, signal),
    enabled: isAuthenticated && asked.length > 0,
    select: (result) => new Set(result.auctionIds),
  });
  const watched = query.data;
  return (id) => (watched ? watched.has(id) : undefined);
}
