/**
 * The one place for auction server state: one module per server call (its fetcher, its query
 * options or mutation hook with its cache refresh), query keys from `keys.ts`, cache writes in
 * `cache.ts`, live room updates. Screens import from '@/features/auctions/api' only.
 */
export { auctionKeys, normalizeListParams, type AuctionListParams } from './keys';
export { auctionsQuery, getAuctions, useAuctions, type UseAuctionsOptions } from './get-auctions';
export { auctionQuery, getAuction, useAuction, type UseAuctionOptions } from './get-auction';
export { getSiteStats, siteStatsQuery, useSiteStats } from './get-site-stats';
export { bannersQuery, getBanners, useBanners } from './get-banners';
export { getRatingStats, getSellerRating, NO_RATING, useSellerRating } from './get-seller-rating';
export { BID_ERROR_FALLBACK, placeBid, useBidMutation, type BidVariables, type PlaceBidResult } from './place-bid';
export { BUY_NOW_ERROR_FALLBACK, buyNow, useBuyNowMutation, type BuyNowResult, type BuyNowVariables } from './buy-now';
export { createIdempotencyKey, type ActionOptions, type MutationOptions } from './actions';
export { DELETE_ERROR_FALLBACK, deleteAuction, useDeleteAuction } from './delete-auction';
export { prefetchAllAuctions, prefetchAuction, prefetchHome } from './prefetch';
export {
  applyAuctionToCache,
  cachedCopies,
  isStale,
  isStaleForCache,
  mergeAuction,
  mergeBids,
  refreshAfterAuctionWrite,
} from './cache';
export { useAuctionEnd } from './use-auction-end';
export {
  auctionRoomWatchers,
  resetAuctionRooms,
  useAuctionRoom,
  useNewAuctionEvents,
  useNewAuctionsInList,
  type AuctionRoomHandlers,
} from './use-auction-room';
