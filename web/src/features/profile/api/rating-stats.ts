/**
 * A profile's rating summary: the auctions feature's read of a member's rating, fresh with the
 * member's other reads (the cards keep their own 5-minute copy). A failure shows no rating.
 */
import { useQuery } from '@tanstack/react-query';
import { getRatingStats, NO_RATING } from '@/features/auctions';
import { profileKeys } from './keys';
import { isMemberId } from './list-or-empty';

export function useRatingStats(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.ratingStats(id ?? ''),
    queryFn: ({ signal }) => getRatingStats(id!, signal).catch(() => NO_RATING),
    enabled: isMemberId(id),
  });
}
