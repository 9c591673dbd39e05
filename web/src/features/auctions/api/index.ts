/**
 * The one place for auction server state: query keys, reads, bids and buy-now, live room
 * updates. Screens import from '@/features/auctions/api' only.
 */
export { auctionKeys, normalizeListParams, type AuctionListParams } from './keys';
export {
  BID_ERROR_FALLBACK,
  BUY_NOW_ERROR_FALLBACK,
  buyNow,
  getAuction,
  getAuctions,
  getBanners,
  getSellerRating,
  getSiteStats,
  NO_RATING,
  placeBid,
  type BuyNowResult,
  type MutationOptions,
  type PlaceBidResult,
} from './requests';
export { prefetchAllAuctions, prefetchAuction, prefetchHome } from './prefetch';
export { applyAuctionToCache, cachedCopies, isStale, isStaleForCache, mergeAuction, mergeBids } from './cache';
export {
  useAuction,
  useAuctions,
  useBanners,
  useSellerRating,
  useSiteStats,
  type UseAuctionOptions,
  type UseAuctionsOptions,
} from './queries';
export {
  createIdempotencyKey,
  useBidMutation,
  useBuyNowMutation,
  type ActionOptions,
  type BidVariables,
  type BuyNowVariables,
} from './mutations';
export { DELETE_ERROR_FALLBACK, deleteAuction, useDeleteAuction } from './delete-auction';
export { useAuctionEnd } from './use-auction-end';
export {
  auctionRoomWatchers,
  resetAuctionRooms,
  useAuctionRoom,
  useNewAuctionEvents,
  type AuctionRoomHandlers,
} from './use-auction-room';
