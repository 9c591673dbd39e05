/**
 * GET /api/users/{id}/rating-stats for the seller line of cards and the detail page: 5 s
 * timeout, cached 5 minutes per seller in sessionStorage and in memory.
 */
import { path, routes, type RatingStats, type RatingStatsResult } from '@mazad/contracts';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { usePageSettled } from '@/lib/page-settled';
import { auctionKeys } from './keys';

export const RATING_TIMEOUT_MS = 5_000;
export const RATING_CACHE_MS = 5 * 60_000;
export const RATING_MIN_ID_LENGTH = 10;
const RATING_CACHE_PREFIX = 'sellerRating:';
export const NO_RATING: RatingStats = { averageRating: 0, validRatings: 0 };

function readCachedRating(sellerId: string, now: number): RatingStats | null {
  try {
    const text = window.sessionStorage.getItem(RATING_CACHE_PREFIX + sellerId);
    if (!text) return null;
    const entry = JSON.parse(text) as { at: number; stats: RatingStats };
    if (typeof entry?.at !== 'number' || now - entry.at >= RATING_CACHE_MS || now < entry.at) return null;
    return entry.stats;
  } catch {
    return null;
  }
}

function writeCachedRating(sellerId: string, stats: RatingStats, now: number): void {
  try {
    window.sessionStorage.setItem(RATING_CACHE_PREFIX + sellerId, JSON.stringify({ at: now, stats }));
  } catch {
    /* storage unavailable: the query cache still holds it for this page */
  }
}

/**
 * GET /api/users/{id}/rating-stats, the one read of a member's rating (the cards' seller line and
 * the profile's summary): 5 s timeout; 400 and 404 answer no rating, other failures throw.
 */
export async function getRatingStats(userId: string, signal?: AbortSignal): Promise<RatingStats> {
  try {
    const r = await api.get<Partial<RatingStatsResult>>(path(routes.ratings.stats, { id: userId }), {
      silent: true,
      auth: false,
      timeoutMs: RATING_TIMEOUT_MS,
      signal,
    });
    const average = Number(r?.averageRating);
    const count = Number(r?.validRatings);
    return { averageRating: Number.isFinite(average) ? average : 0, validRatings: Number.isFinite(count) ? count : 0 };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return NO_RATING;
    throw error;
  }
}

/**
 * A seller's rating for the cards, cached 5 minutes per seller in sessionStorage. Ids shorter
 * than 10 characters are not asked about (zeros).
 */
export async function getSellerRating(sellerId: string, now: () => number = Date.now): Promise<RatingStats> {
  if (!sellerId || sellerId.length < RATING_MIN_ID_LENGTH) return NO_RATING;
  const cached = readCachedRating(sellerId, now());
  if (cached) return cached;
  const stats = await getRatingStats(sellerId);
  writeCachedRating(sellerId, stats, now());
  return stats;
}

/**
 * A seller's rating (average, number of ratings). Ids shorter than 10 characters are skipped
 * (the query stays disabled). Asked once the first page has settled (lib/page-settled.ts): a
 * card's rating line is no part of the first screen's largest paint, and one request per seller
 * would compete with its image.
 */
export function useSellerRating(sellerId: string | null | undefined): UseQueryResult<RatingStats> {
  const id = sellerId ?? '';
  const settled = usePageSettled();
  return useQuery({
    queryKey: auctionKeys.sellerRating(id),
    queryFn: () => getSellerRating(id),
    enabled: settled && id.length >= RATING_MIN_ID_LENGTH,
    staleTime: RATING_CACHE_MS,
    gcTime: RATING_CACHE_MS,
    retry: false,
  });
}
