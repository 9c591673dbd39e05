/**
 * Route loaders' prefetches: the first screen's API calls start with the route's code instead
 * of after it (the route chunk, then the render, then the request). They fill the TanStack
 * Query cache under the same keys and fetchers as the screens' hooks, so the screen's query
 * joins the request in flight. Nothing here waits: the loaders return at once, the screen shows
 * its own spinner and errors as before. Kept small: the route table (first bundle) imports it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_CARDS } from '../lib/first-screen';
import { auctionImage } from '@/components/display/auction-image';
import { settingsQuery } from '@/lib/settings';
import { ALL_AUCTIONS_PAGE_SIZE, HOME_PAGE_SIZE, readAllAuctionsFilters, readHomeFilters } from '../lib/home-filters';
import { bannersQuery } from './get-banners';
import { auctionQuery } from './get-auction';
import { auctionsQuery } from './get-auctions';
import type { AuctionListParams } from './keys';

/**
 * The first screen's largest image is an auction image: its request starts as soon as the data
 * names it, while the screen's code renders (a `<link rel="preload">` the `<img>` then reuses).
 */
function preloadImage(url: string | null | undefined): void {
  if (!url || typeof document === 'undefined') return;
  if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}

function prefetchList(queryClient: QueryClient, params: AuctionListParams) {
  const query = auctionsQuery(params);
  const fresh = queryClient.getQueryData(query.queryKey) === undefined;
  void queryClient.prefetchQuery(query).then(() => {
    if (!fresh) return;
    const list = queryClient.getQueryData(query.queryKey);
    list?.auctions.slice(0, FIRST_SCREEN_CARDS).forEach((auction) => preloadImage(auctionImage(auction)));
  });
}

/** `/`: page N of the home list (filters from the URL) and the announcement strip. */
export function prefetchHome(queryClient: QueryClient, url: URL): void {
  prefetchList(queryClient, { ...readHomeFilters(url.searchParams), limit: HOME_PAGE_SIZE });
  void queryClient.prefetchQuery(bannersQuery());
}

/** `/auctions`: the page of 20 auctions the URL asks for (filters and page). */
export function prefetchAllAuctions(queryClient: QueryClient, url: URL): void {
  prefetchList(queryClient, { ...readAllAuctionsFilters(url.searchParams), limit: ALL_AUCTIONS_PAGE_SIZE });
}

/**
 * `/auction/{id}`: the auction, and the settings its anti-sniping note states (asked with the
 * auction, the note is there in the first render with it instead of pushing the boxes under it
 * down a moment later). A failure is left for the page to fetch and report itself.
 */
export function prefetchAuction(queryClient: QueryClient, id: string | undefined): void {
  if (!id) return;
  void queryClient.prefetchQuery(settingsQuery());
  const query = auctionQuery(id);
  if (queryClient.getQueryData(query.queryKey) !== undefined) return;
  void queryClient.prefetchQuery(query).then(() => {
    const auction = queryClient.getQueryData(query.queryKey);
    if (auction) preloadImage(auctionImage(auction));
  });
}
