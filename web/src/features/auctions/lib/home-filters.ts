/**
 * The lists' filters and order read from the URL and written back to it (shared by the home page,
 * /auctions and their route loaders): `category`, `search` (home), `timeFilter`, `sort`,
 * `minPrice`, `maxPrice` (JOD) and `page`. Kept in the URL so a list can be shared and the back
 * button returns to it; values that mean "the default" are left out of it.
 */
import {
  AUCTION_SORTS,
  CATEGORY_ALL,
  TIME_FILTERS,
  type AuctionSort,
  type TimeFilter as TimeFilterValue,
} from '@mazad/contracts';

export const HOME_PAGE_SIZE = 50;
export const ALL_AUCTIONS_PAGE_SIZE = 20;

export function isTimeFilter(value: string | null | undefined): value is TimeFilterValue {
  return (TIME_FILTERS as readonly string[]).includes(value ?? '');
}

export function isAuctionSort(value: string | null | undefined): value is AuctionSort {
  return (AUCTION_SORTS as readonly string[]).includes(value ?? '');
}

/** `?page=`: a whole number from 1, anything else is page 1. */
function readPage(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page')) || 1));
}

/** A price bound in JOD: a number from 0 with at most 3 decimals, else none. */
function readPrice(params: URLSearchParams, key: 'minPrice' | 'maxPrice'): number | undefined {
  const text = params.get(key)?.trim();
  if (!text) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) / 1000 : undefined;
}

/** What both lists read: category, time window, order, price range and page. */
function readListFilters(params: URLSearchParams) {
  const time = params.get('timeFilter');
  const sort = params.get('sort');
  return {
    category: params.get('category')?.trim() || CATEGORY_ALL,
    timeFilter: (isTimeFilter(time) ? time : 'all') as TimeFilterValue,
    sort: isAuctionSort(sort) ? sort : undefined,
    minPrice: readPrice(params, 'minPrice'),
    maxPrice: readPrice(params, 'maxPrice'),
    page: readPage(params),
  };
}

/** The home filters read from the URL (the list's, and the search text). */
export function readHomeFilters(params: URLSearchParams) {
  return { ...readListFilters(params), search: params.get('search')?.trim() ?? '' };
}

/** The all-auctions filters read from the URL. */
export function readAllAuctionsFilters(params: URLSearchParams) {
  return readListFilters(params);
}

export type ListFilters = ReturnType<typeof readHomeFilters>;

/** A change to a list's URL; `null` clears a value (the default). */
export interface ListChanges {
  category?: string;
  timeFilter?: TimeFilterValue;
  sort?: AuctionSort | null;
  price?: { min?: number; max?: number };
  page?: number;
  view?: string;
}

/**
 * The list's URL after `changes`: values that mean "the default" are dropped (all categories,
 * all times, the default order, page 1, the grid); anything but a page or view change goes back
 * to page 1.
 */
export function withListChanges(current: URLSearchParams, changes: ListChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null | undefined, empty?: string) =>
    value !== undefined && value !== null && value !== '' && value !== empty
      ? next.set(key, String(value))
      : next.delete(key);
  if (changes.category !== undefined) set('category', changes.category, CATEGORY_ALL);
  if (changes.timeFilter !== undefined) set('timeFilter', changes.timeFilter, 'all');
  if (changes.sort !== undefined) set('sort', changes.sort);
  if (changes.price !== undefined) {
    set('minPrice', changes.price.min);
    set('maxPrice', changes.price.max);
  }
  if (changes.view !== undefined) set('view', changes.view, 'grid');
  if (changes.page !== undefined) set('page', changes.page, '1');
  else if (changes.view === undefined) next.delete('page');
  return next;
}
