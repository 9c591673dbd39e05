/**
 * The one place for auction server state: one module per server call (its fetcher, its query
 * options or mutation hook with its cache refresh), query keys from `keys.ts`, cache writes in
 * `cache.ts`, live room updates. Screens import from '@/features/auctions/api' only; what other
 * features and the app shell use is exported here.
 */
export { auctionKeys, type AuctionListParams } from './keys';
export { useAuctions } from './get-auctions';
export { getAuction, useAuction } from './get-auction';
export { useSearchHints } from './search-hints';
export { useSiteStats } from './get-site-stats';
export { useBanners } from './get-banners';
export { getRatingStats, NO_RATING, useSellerRating } from './get-seller-rating';
export { ACTION_BUSY_RETRY_MESSAGE, BID_BUSY_RETRY_MESSAGE } from './busy-retry';
export { BID_ERROR_FALLBACK, useBidMutation } from './place-bid';
export { BUY_NOW_ERROR_FALLBACK, useBuyNowMutation } from './buy-now';
export { MAX_BID_ERROR_FALLBACK, useOwnMaxBid, useSetMaxBid, useWithdrawMaxBid } from './max-bid';
export { RETRACT_ERROR_FALLBACK, useRetractBid } from './retract-bid';
export { useDeleteAuction } from './delete-auction';
export { useWatchMutation, WATCH_ERROR_FALLBACK } from './watch-auction';
export { useWatchlist } from './watchlist';
export { useWatching } from './watching';
export { refreshAfterAuctionWrite } from './cache';
export { prefetchAllAuctions, prefetchAuction, prefetchHome } from './prefetch';
export { useAuctionEnd } from './use-auction-end';
export { useAuctionRoom, useNewAuctionsInList } from './use-auction-room';
