/** PUT and DELETE /api/auctions/{id}/watch: saving an auction to the watchlist, and unsaving it. */
import { path, routes, type WatchResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { offerPushAfterEngagement } from '@/features/push';
import { api, type ApiError } from '@/lib/api-client';
import { applyWatchToCache, applyWatchToWatching } from './cache';
import { auctionKeys } from './keys';

export const WATCH_ERROR_FALLBACK = 'تعذّر تحديث قائمة المتابعة';

/** `watched`: the state wanted. Idempotent on the server, so a repeated click answers the same. */
export function setWatch(id: string, watched: boolean): Promise<WatchResult> {
  const options = { fallbackMessage: WATCH_ERROR_FALLBACK };
  return watched
    ? api.put<WatchResult>(path(routes.watchlist.watch, { id }), undefined, options)
    : api.delete<WatchResult>(path(routes.watchlist.unwatch, { id }), options);
}

/**
 * Saves or unsaves; on success every cached copy of the auction takes the answer's state and
 * count, the watchlist pages are read again and the server's message is toasted (a failure is
 * toasted by the API client).
 */
export function useWatchMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation<WatchResult, ApiError, boolean>({
    mutationFn: (watched) => setWatch(id, watched),
    onSuccess: (result) => {
      applyWatchToCache(queryClient, id, result.watchCount, result.watched);
      applyWatchToWatching(queryClient, id, result.watched);
      void queryClient.invalidateQueries({ queryKey: auctionKeys.watchlists() });
      toast.success(result.message);
      if (result.watched) offerPushAfterEngagement();
    },
  });
}
