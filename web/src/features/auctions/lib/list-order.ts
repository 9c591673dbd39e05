/**
 * Where an auction published meanwhile (`new-auction`) goes in a cached page, by the page's order
 * (R-NEW-AUCTION-HIGHLIGHT): at the top of the newest-first list and of a search ranked by
 * relevance (it matched: the page cannot rank it), otherwise at its place by end time or price,
 * after the auctions it ties with. A place past the end of a full page belongs to a later page.
 */
import { DEFAULT_AUCTION_SORT, type Auction, type AuctionSort } from '@mazad/contracts';

const compareBy: Record<Exclude<AuctionSort, 'newest'>, (a: Auction, b: Auction) => number> = {
  ending: (a, b) => Date.parse(a.endTime) - Date.parse(b.endTime),
  price_asc: (a, b) => a.currentPrice - b.currentPrice,
  price_desc: (a, b) => b.currentPrice - a.currentPrice,
};

/**
 * The index at which `auction` joins `list`, or -1 when it belongs to a later page. `sort`: the
 * page's order (undefined: the server's default, DEFAULT_AUCTION_SORT, or relevance when `searching`).
 */
export function insertionIndex(
  list: readonly Auction[],
  auction: Auction,
  sort: AuctionSort | undefined,
  options: { searching: boolean; pageSize?: number },
): number {
  const order = sort ?? (options.searching ? null : DEFAULT_AUCTION_SORT);
  if (order === null || order === 'newest') return 0;
  const compare = compareBy[order];
  const index = list.findIndex((other) => compare(auction, other) < 0);
  if (index >= 0) return index;
  const full = options.pageSize !== undefined && list.length >= options.pageSize;
  return full ? -1 : list.length;
}
