/** The watchlist: auctions a member saved (or bid on), and the save itself. */
import type { Auction } from './auctions';
import type { Pagination } from './common';

/** PUT and DELETE /api/auctions/{id}/watch: the state after the call, the same answer when repeated. */
export interface WatchResult {
  success: true;
  message: string;
  auctionId: string;
  watched: boolean;
  watchCount: number;
}

/** Query of GET /api/users/me/watchlist (`limit` defaults to 20, at most 100). */
export interface WatchlistQuery {
  page?: number;
  limit?: number;
}

/** GET /api/users/me/watchlist: most recently watched first, each with `watchedByMe: true`. */
export interface WatchlistResult {
  success: true;
  auctions: Auction[];
  pagination: Pagination;
  serverTime: string;
}

/**
 * Query of GET /api/users/me/watching: the auctions a list shows (ids separated by commas, at
 * most 100), for their watch toggles. Lists are shared by every viewer and carry no
 * `watchedByMe`, so the member asks which of the shown ones they watch.
 */
export interface WatchingQuery {
  ids: string;
}

/** GET /api/users/me/watching: the asked ids the member watches (live or not), in the order asked. */
export interface WatchingResult {
  success: true;
  auctionIds: string[];
}
