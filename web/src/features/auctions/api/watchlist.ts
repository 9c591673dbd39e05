/** GET /api/users/me/watchlist: the signed-in member's saved auctions, a page at a time. */
import { path, routes, type WatchlistResult } from '@mazad/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auctionKeys } from './keys';

export function getWatchlist(page: number, signal?: AbortSignal): Promise<WatchlistResult> {
  return api.get<WatchlistResult>(path(routes.watchlist.mine, undefined, { page }), { silent: true, signal });
}

/** One page; the previous page stays on screen while the next one loads. */
export function useWatchlist(page: number, enabled = true) {
  return useQuery({
    queryKey: auctionKeys.watchlist(page),
    queryFn: ({ signal }) => getWatchlist(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
