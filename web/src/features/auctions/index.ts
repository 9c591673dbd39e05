/**
 * Public API of the auctions feature for other features: the auction reads, the delete and the
 * cache refresh they share. Other features import only from here ('@/features/auctions'); what
 * is not exported is private to the feature. The app shell imports the screens and the api/
 * folder directly, so each route stays its own chunk.
 */
export {
  auctionKeys,
  getAuction,
  getRatingStats,
  NO_RATING,
  refreshAfterAuctionWrite,
  useDeleteAuction,
  useWatchlist,
  useWatchMutation,
} from './api';
export { Pagination } from './components/pagination';
/** Where the signed-in member stands on an auction ('leading' | 'outbid' | null), for the cards. */
export { useStanding } from './hooks/use-standing';
export type { Standing } from './lib/standing';
