/** Read hooks of the auction screens. */
import type { Auction, AuctionList, Banner, RatingStats, SiteStats } from '@mazad/contracts';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { usePageSettled } from '@/lib/page-settled';
import { serverNow } from '@/lib/server-time';
import { nextSoldLeavesInMs } from '../lib/visibility';
import { auctionKeys, type AuctionListParams } from './keys';
import {
  BANNERS_STALE_MS,
  getAuction,
  getAuctions,
  getBanners,
  getSellerRating,
  getSiteStats,
  RATING_CACHE_MS,
  RATING_MIN_ID_LENGTH,
} from './requests';

export interface UseAuctionsOptions {
  enabled?: boolean;
}

/**
 * One page of GET /api/auctions. The previous page stays on screen while the next loads
 * (`isPlaceholderData`). Socket events update the cached items (see `useAuctionRoom`); after a
 * socket reconnect the page is read again with every shown query (app/providers.tsx).
 */
export function useAuctions(
  params: AuctionListParams = {},
  options: UseAuctionsOptions = {},
): UseQueryResult<AuctionList> {
  return useQuery({
    queryKey: auctionKeys.list(params),
    queryFn: ({ signal }) => getAuctions(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    // The server drops a sold auction from the lists 10 minutes after its end: the page asks
    // again when the first one shown is due to leave, so it never lingers and the page refills.
    refetchInterval: (query) => nextSoldLeavesInMs(query.state.data?.auctions ?? [], serverNow()) ?? false,
  });
}

export interface UseAuctionOptions {
  enabled?: boolean;
}

/** GET /api/auctions/{id}. Errors are not toasted: the screen decides (detail page: toast + redirect). */
export function useAuction(id: string | undefined, options: UseAuctionOptions = {}): UseQueryResult<Auction> {
  return useQuery({
    queryKey: auctionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAuction(id!, signal),
    enabled: Boolean(id) && (options.enabled ?? true),
    retry: false,
  });
}

/** GET /api/stats (the four tiles). Failures leave the data undefined (logged only). */
export function useSiteStats(): UseQueryResult<SiteStats> {
  return useQuery({
    queryKey: auctionKeys.siteStats(),
    queryFn: ({ signal }) => getSiteStats(signal),
    staleTime: 30_000,
  });
}

/** GET /api/banners: active banners in display order. */
export function useBanners(): UseQueryResult<Banner[]> {
  return useQuery({
    queryKey: auctionKeys.banners(),
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: BANNERS_STALE_MS,
  });
}

/**
 * A seller's rating (average, number of ratings), cached 5 minutes per seller in sessionStorage
 * and in memory. Ids shorter than 10 characters are skipped (the query stays disabled). Asked
 * once the first page has settled (lib/page-settled.ts): a card's rating line is no part of the
 * first screen's largest paint, and one request per seller would compete with its image.
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
