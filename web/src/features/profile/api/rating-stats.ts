/**
 * GET /api/users/{id}/rating-stats for a profile's summary: read fresh with the member's other
 * reads (the auction cards' seller line keeps its own 5-minute copy, the auctions feature's).
 */
import { path, routes, type RatingStats, type RatingStatsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId } from './list-or-empty';

/** A failure answers no rating. */
export async function getRatingStats(userId: string, signal?: AbortSignal): Promise<RatingStats> {
  try {
    const { averageRating, validRatings } = await api.get<RatingStatsResult>(
      path(routes.ratings.stats, { id: userId }),
      { silent: true, signal },
    );
    return { averageRating, validRatings };
  } catch {
    return { averageRating: 0, validRatings: 0 };
  }
}

export function useRatingStats(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.ratingStats(id ?? ''),
    queryFn: ({ signal }) => getRatingStats(id!, signal),
    enabled: isMemberId(id),
  });
}
