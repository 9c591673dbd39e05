/** GET /api/users/{id}/stats: the counts above a profile's tabs. */
import { path, routes, type UserStats, type UserStatsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId } from './list-or-empty';

/** Failures are reported (the screen shows its error state). */
export async function getUserStats(userId: string, signal?: AbortSignal): Promise<UserStats> {
  const { totalAuctions, activeAuctions, soldAuctions, unsoldAuctions, totalBids, wonAuctions } =
    await api.get<UserStatsResult>(path(routes.users.stats, { id: userId }), { silent: true, signal });
  return { totalAuctions, activeAuctions, soldAuctions, unsoldAuctions: unsoldAuctions ?? 0, totalBids, wonAuctions };
}

export function useUserStats(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.stats(id ?? ''),
    queryFn: ({ signal }) => getUserStats(id!, signal),
    enabled: isMemberId(id),
    retry: false,
  });
}
