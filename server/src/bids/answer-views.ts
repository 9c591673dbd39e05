import type { Auction, BidAnswerView, LiveAuction } from '@mazad/contracts';
import type { AuctionViews } from './engine/auction-views';

export { auctionViews, type AuctionViews } from './engine/auction-views';

/**
 * `base` with the auction the caller asked for: the shared live view, or (`full`) the whole
 * auction with the facts that hold for this caller alone (`mine`, e.g. `watchedByMe`), on a
 * copy so that the batch's shared object stays unchanged.
 */
export function withAuction<T extends object>(
  base: T,
  views: AuctionViews,
  view: BidAnswerView,
  mine: Partial<Auction> = {},
): (T & { auction: LiveAuction }) | (T & { auction: Auction }) {
  return view === 'full' ? { ...base, auction: { ...views.full, ...mine } } : { ...base, auction: views.live };
}
