/** GET /api/users/{id}/ratings: the ratings a member received. */
import { path, routes, type Rating, type RatingsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId, listOrEmpty } from './list-or-empty';

export const getRatings = (userId: string, signal?: AbortSignal): Promise<Rating[]> =>
  listOrEmpty(
    async () =>
      (await api.get<RatingsResult>(path(routes.ratings.list, { id: userId }), { silent: true, signal })).ratings,
  );

export function useRatings(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.ratings(id ?? ''),
    queryFn: ({ signal }) => getRatings(id!, signal),
    enabled: isMemberId(id),
  });
}
