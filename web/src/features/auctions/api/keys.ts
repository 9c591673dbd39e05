/** Query keys of every piece of auction server state (one place, so invalidation never drifts). */
import type { AuctionListQuery, SearchHintsQuery } from '@mazad/contracts';
import { SIGNED_IN_DATA_KEY } from '@/lib/member-data';

/** Parameters of GET /api/auctions (contracts' query). Empty values are left out of the request and of the key. */
export type AuctionListParams = AuctionListQuery;

/** Drops empty values so `{ search: '' }` and `{}` share one cache entry. */
export function normalizeListParams(params: AuctionListParams = {}): AuctionListParams {
  const out: AuctionListParams = {};
  const category = params.category?.trim();
  if (category && category !== 'الكل') out.category = category;
  const search = params.search?.trim();
  if (search) out.search = search;
  if (params.page && params.page > 1) out.page = Math.floor(params.page);
  if (params.limit) out.limit = Math.floor(params.limit);
  if (params.userId) out.userId = params.userId;
  if (params.timeFilter && params.timeFilter !== 'all') out.timeFilter = params.timeFilter;
  if (params.status) out.status = params.status;
  if (params.sort) out.sort = params.sort;
  if (params.minPrice !== undefined && Number.isFinite(params.minPrice)) out.minPrice = params.minPrice;
  if (params.maxPrice !== undefined && Number.isFinite(params.maxPrice)) out.maxPrice = params.maxPrice;
  return out;
}

export const auctionKeys = {
  all: ['auctions'] as const,
  lists: () => [...auctionKeys.all, 'list'] as const,
  list: (params: AuctionListParams = {}) => [...auctionKeys.lists(), normalizeListParams(params)] as const,
  details: () => [...auctionKeys.all, 'detail'] as const,
  detail: (id: string) => [...auctionKeys.details(), id] as const,
  /** What an empty search offers instead (R-SEARCH): other spellings, fewer words, every category. */
  searchHints: (query: SearchHintsQuery) => [...auctionKeys.all, 'search-hints', query] as const,
  siteStats: () => ['site-stats'] as const,
  banners: () => ['banners'] as const,
  sellerRating: (sellerId: string) => ['users', sellerId, 'rating-stats'] as const,
  /** The signed-in member's watchlist pages: only theirs, dropped at sign-out (SIGNED_IN_DATA_KEY). */
  watchlists: () => [...SIGNED_IN_DATA_KEY, 'watchlist'] as const,
  watchlist: (page: number) => [...auctionKeys.watchlists(), page] as const,
  /**
   * Which of a list page's auctions the signed-in member watches (the cards' toggles), by the
   * page's ids; dropped at sign-out, re-read when the member's watchlist changes elsewhere.
   */
  watchingAll: () => [...SIGNED_IN_DATA_KEY, 'watching'] as const,
  watching: (ids: readonly string[]) => [...auctionKeys.watchingAll(), [...ids].sort().join(',')] as const,
  /** The signed-in member's own maximum on an auction (dropped at sign-out). */
  ownMaxBid: (id: string) => [...SIGNED_IN_DATA_KEY, 'max-bid', id] as const,
};
