/** Client-side checks that mirror the server's list filters (for auctions pushed live). */
import {
  CATEGORY_ALL,
  matchesSearch,
  normalizeCategory,
  TIME_FILTER_SECONDS,
  type Auction,
  type TimeFilter,
} from '@mazad/contracts';
import { isOpen } from './visibility';

/** The server's `mazad_normalize_ar` (one copy, in contracts, shared with the server's search). */
export { normalizeArabic } from '@mazad/contracts';

export interface ListFilters {
  category?: string;
  search?: string;
  timeFilter?: TimeFilter;
  /** The current price range in JOD, both ends included. */
  minPrice?: number;
  maxPrice?: number;
}

/** True when the list filtered by `filters` would contain `auction` (R-NEW-AUCTION-HIGHLIGHT). */
export function matchesFilters(auction: Auction, filters: ListFilters, now: number): boolean {
  if (auction.isDealConfirmed) return false;
  const category = filters.category?.trim();
  if (category && category !== CATEGORY_ALL && normalizeCategory(auction.category) !== normalizeCategory(category))
    return false;
  const search = filters.search?.trim();
  // Same rule as the server: a search of only tatweel or diacritics matches nothing.
  if (search && !matchesSearch(`${auction.title} ${auction.description ?? ''}`, search)) return false;
  if (filters.minPrice !== undefined && auction.currentPrice < filters.minPrice) return false;
  if (filters.maxPrice !== undefined && auction.currentPrice > filters.maxPrice) return false;
  if (filters.timeFilter && filters.timeFilter !== 'all') {
    const end = Date.parse(auction.endTime);
    if (
      !isOpen(auction.status) ||
      Number.isNaN(end) ||
      end <= now ||
      end > now + TIME_FILTER_SECONDS[filters.timeFilter] * 1000
    )
      return false;
  }
  return true;
}
