/** The home page's filters read from the URL (shared by the page and its route loader). */
import { CATEGORY_ALL, TIME_FILTERS, type TimeFilter as TimeFilterValue } from '@mazad/contracts';

export const HOME_PAGE_SIZE = 50;
export const ALL_AUCTIONS_PAGE_SIZE = 20;

export function isTimeFilter(value: string | null | undefined): value is TimeFilterValue {
  return (TIME_FILTERS as readonly string[]).includes(value ?? '');
}

/** The home filters read from the URL. */
export function readHomeFilters(params: URLSearchParams) {
  const category = params.get('category')?.trim() || CATEGORY_ALL;
  const search = params.get('search')?.trim() ?? '';
  const time = params.get('timeFilter');
  const timeFilter: TimeFilterValue = isTimeFilter(time) ? time : 'all';
  return { category, search, timeFilter, page: readPage(params) };
}

/** `?page=`: a whole number from 1, anything else is page 1. */
function readPage(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get('page')) || 1));
}

/** The all-auctions filters read from the URL (category, time window and page). */
export function readAllAuctionsFilters(params: URLSearchParams) {
  const category = params.get('category')?.trim() || CATEGORY_ALL;
  const time = params.get('timeFilter');
  const timeFilter: TimeFilterValue = isTimeFilter(time) ? time : 'all';
  return { category, timeFilter, page: readPage(params) };
}
