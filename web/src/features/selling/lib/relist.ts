/**
 * Re-listing an unsold auction: the profile's unsold lists open /create-auction with the old
 * auction's fields in the navigation state, and the create form starts from them (images are
 * chosen again: the old files belong to the old auction).
 */
import type { Auction } from '@mazad/contracts';

export type RelistSource = Partial<
  Pick<Auction, 'title' | 'description' | 'category' | 'auctionDuration' | 'startingPrice' | 'buyNowPrice'>
>;

export interface RelistState {
  relist: RelistSource;
}

/** The `state` to pass with a link to /create-auction. */
export function relistState(auction: RelistSource & { finalPrice?: number }): RelistState {
  return {
    relist: {
      title: auction.title,
      description: auction.description,
      category: auction.category,
      auctionDuration: auction.auctionDuration,
      startingPrice: auction.startingPrice,
      buyNowPrice: auction.buyNowPrice ?? null,
    },
  };
}

/** The re-list source carried by a navigation state, if any. */
export function readRelistState(state: unknown): RelistSource | null {
  if (!state || typeof state !== 'object' || !('relist' in state)) return null;
  const relist = (state as RelistState).relist;
  return relist && typeof relist === 'object' ? relist : null;
}
