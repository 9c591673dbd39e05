/**
 * Applying a fresh auction object (from a mutation answer or a socket event) or a `new_bid` live
 * view to every cached copy: the detail entry and each list page that holds it. A copy whose
 * `bidCount` is higher than the incoming one is newer and is kept (docs/realtime.md,
 * "Converging after a reconnect" and "The live view").
 */
import {
  liveViewOrder,
  type Auction,
  type AuctionList,
  type Bid,
  type LiveAuction,
  type WatchingResult,
} from '@mazad/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { refreshMemberData } from '@/lib/member-data';
import { insertionIndex } from '../lib/list-order';
import { auctionKeys, type AuctionListParams } from './keys';

/** Union of two bid lists by id (the incoming copy wins), oldest first. */
export function mergeBids(cached: readonly Bid[] | undefined, incoming: readonly Bid[] | undefined): Bid[] {
  const byId = new Map<string, Bid>();
  for (const bid of cached ?? []) if (bid?._id) byId.set(bid._id, bid);
  for (const bid of incoming ?? []) if (bid?._id) byId.set(bid._id, bid);
  return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** True when `incoming` is older than `cached` (fewer bids than the copy already shown). */
export function isStale(
  incoming: Pick<Auction, 'bidCount'>,
  cached: Pick<Auction, 'bidCount'> | undefined | null,
): boolean {
  if (!cached) return false;
  return (incoming.bidCount ?? 0) < (cached.bidCount ?? 0);
}

/**
 * The next copy of an auction. Event objects carry the latest 20 bids, list items 10 and the
 * detail read 100: the cached older bids are kept, so a history does not shrink. `keepBids`
 * caps the result at the size the cached copy had (lists stay small).
 */
export function mergeAuction(cached: Auction | undefined, incoming: Auction, keepBids?: number): Auction {
  if (!cached) return incoming;
  let bids = mergeBids(cached.bids, incoming.bids);
  if (keepBids !== undefined && bids.length > keepBids) bids = bids.slice(bids.length - keepBids);
  return { ...cached, ...incoming, bids };
}

/**
 * A cached full auction moved by a live view: its live fields replaced, the view's bids added to
 * its history without duplicates (`keepBids` as in mergeAuction). Title, images, seller… stay.
 */
export function mergeLiveView(cached: Auction, view: LiveAuction, keepBids?: number): Auction {
  // lastBids is newest first; bids of one batch share a timestamp, so add them oldest first.
  let bids = mergeBids(cached.bids, [...view.lastBids].reverse());
  if (keepBids !== undefined && bids.length > keepBids) bids = bids.slice(bids.length - keepBids);
  const { currentPrice, bidCount, endTime, status, winner } = view;
  return { ...cached, currentPrice, bidCount, endTime, status, winner, bids };
}

/** Every cached copy of one auction (the detail entry first, then list items). */
export function cachedCopies(queryClient: QueryClient, id: string): Auction[] {
  const copies: Auction[] = [];
  const detail = queryClient.getQueryData<Auction>(auctionKeys.detail(id));
  if (detail) copies.push(detail);
  for (const [, list] of queryClient.getQueriesData<AuctionList>({ queryKey: auctionKeys.lists() })) {
    const item = list?.auctions?.find((a) => a._id === id);
    if (item) copies.push(item);
  }
  return copies;
}

/** True when any cached copy already has more bids than `incoming`. */
export function isStaleForCache(queryClient: QueryClient, incoming: Auction): boolean {
  return cachedCopies(queryClient, incoming._id).some((copy) => isStale(incoming, copy));
}

/**
 * Writes `incoming` into the detail entry (only if one exists, or `createDetail`) and into every
 * list page that holds it, skipping copies that are newer. Returns false when every copy was newer.
 */
export function applyAuctionToCache(
  queryClient: QueryClient,
  incoming: Auction,
  options: { createDetail?: boolean } = {},
): boolean {
  if (!incoming?._id) return false;
  let applied = false;
  let seen = false;
  const detailKey = auctionKeys.detail(incoming._id);
  const detail = queryClient.getQueryData<Auction>(detailKey);
  if (detail || options.createDetail) {
    seen = true;
    if (!isStale(incoming, detail)) {
      queryClient.setQueryData<Auction>(detailKey, mergeAuction(detail, incoming));
      applied = true;
    }
  }
  for (const [key, list] of queryClient.getQueriesData<AuctionList>({ queryKey: auctionKeys.lists() })) {
    const index = list?.auctions?.findIndex((a) => a._id === incoming._id) ?? -1;
    if (!list || index < 0) continue;
    seen = true;
    const current = list.auctions[index];
    if (isStale(incoming, current)) continue;
    const auctions = list.auctions.slice();
    auctions[index] = mergeAuction(current, incoming, Math.max(current.bids?.length ?? 0, 10));
    queryClient.setQueryData<AuctionList>(key, { ...list, auctions });
    applied = true;
  }
  return applied || !seen;
}

/**
 * What applying a live view did: `stale` when every cached copy was already as new (nothing
 * changed), `next` when each moved copy is complete, `gap` when the DETAIL copy (the one whose
 * history is shown) lacks bids the view only counts — the caller re-reads it. List copies carry
 * only the latest bids anyway, so their gaps need no re-read.
 */
export type LiveViewResult = 'stale' | 'next' | 'gap';

/**
 * Merges a `new_bid` live view into every cached copy older than it (a view never creates one:
 * it lacks title, images, seller). With no copy at all the result is `next`.
 */
export function applyLiveViewToCache(queryClient: QueryClient, view: LiveAuction): LiveViewResult {
  let result: LiveViewResult = 'stale';
  let seen = false;
  const detailKey = auctionKeys.detail(view._id);
  const detail = queryClient.getQueryData<Auction>(detailKey);
  if (detail) {
    seen = true;
    const order = liveViewOrder(detail.bidCount ?? 0, view);
    if (order !== 'stale') {
      queryClient.setQueryData<Auction>(detailKey, mergeLiveView(detail, view));
      result = order;
    }
  }
  for (const [key, list] of queryClient.getQueriesData<AuctionList>({ queryKey: auctionKeys.lists() })) {
    const index = list?.auctions?.findIndex((a) => a._id === view._id) ?? -1;
    if (!list || index < 0) continue;
    seen = true;
    const current = list.auctions[index];
    if (liveViewOrder(current.bidCount ?? 0, view) === 'stale') continue;
    const auctions = list.auctions.slice();
    auctions[index] = mergeLiveView(current, view, Math.max(current.bids?.length ?? 0, 10));
    queryClient.setQueryData<AuctionList>(key, { ...list, auctions });
    if (result === 'stale') result = 'next';
  }
  // No copy at all: nothing stale to skip, nothing to heal.
  return seen ? result : 'next';
}

/** Whether an answer's auction is the live view (a bid's or a maximum's answer) rather than the whole auction. */
export function isLiveView(auction: Auction | LiveAuction): auction is LiveAuction {
  return 'lastBids' in auction;
}

/**
 * A bid watches the auction for the bidder (docs/auctions.md, "Watchlist"). The live view its
 * answer carries has no watch fields, so a detail copy that says the member did not watch it yet
 * now does, with one watcher more; a copy that says nothing about the member stays as it is.
 */
export function markWatchedByBid(queryClient: QueryClient, id: string): void {
  const detail = queryClient.getQueryData<Auction>(auctionKeys.detail(id));
  if (detail?.watchedByMe === false) applyWatchToCache(queryClient, id, (detail.watchCount ?? 0) + 1, true);
}

/**
 * Writes an auction's watcher count (a `watch_count` message, a save's answer) into every cached
 * copy; `watchedByMe` too when the answer is the member's own. A count carries no order, so the
 * latest message wins.
 */
export function applyWatchToCache(queryClient: QueryClient, id: string, watchCount: number, watchedByMe?: boolean) {
  const next = (copy: Auction): Auction =>
    watchedByMe === undefined ? { ...copy, watchCount } : { ...copy, watchCount, watchedByMe };
  queryClient.setQueryData<Auction>(auctionKeys.detail(id), (detail) => detail && next(detail));
  for (const [key, list] of queryClient.getQueriesData<AuctionList>({ queryKey: auctionKeys.lists() })) {
    if (!list?.auctions?.some((a) => a._id === id)) continue;
    queryClient.setQueryData<AuctionList>(key, {
      ...list,
      auctions: list.auctions.map((a) => (a._id === id ? next(a) : a)),
    });
  }
}

/** A member's own save or unsave, written into every cached "which of these do I watch" page. */
export function applyWatchToWatching(queryClient: QueryClient, id: string, watched: boolean): void {
  for (const [key, result] of queryClient.getQueriesData<WatchingResult>({ queryKey: auctionKeys.watchingAll() })) {
    const asked = String(key[key.length - 1]).split(',');
    if (!result || !asked.includes(id)) continue;
    const others = result.auctionIds.filter((other) => other !== id);
    queryClient.setQueryData<WatchingResult>(key, { ...result, auctionIds: watched ? [...others, id] : others });
  }
}

/**
 * After an auction was created, edited or deleted: every auction read (lists and details), the
 * site stats and the members' lists (the seller's profile) are read again.
 */
export function refreshAfterAuctionWrite(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
  void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
  void refreshMemberData(queryClient);
}

/**
 * Puts a new auction (the `new_auction` event) into one cached list page at its place in the
 * page's order (lib/list-order.ts) unless it is already there or belongs to a later page; the
 * site stats then refresh. Returns whether it was added.
 */
export function addToList(queryClient: QueryClient, params: AuctionListParams, auction: Auction): boolean {
  let added = false;
  queryClient.setQueryData<AuctionList>(auctionKeys.list(params), (list) => {
    if (!list || list.auctions.some((a) => a._id === auction._id)) return list;
    const index = insertionIndex(list.auctions, auction, params.sort, {
      searching: Boolean(params.search?.trim()),
      pageSize: params.limit,
    });
    if (index < 0) return list;
    added = true;
    const auctions = list.auctions.slice();
    auctions.splice(index, 0, auction);
    return { ...list, auctions, pagination: { ...list.pagination, total: list.pagination.total + 1 } };
  });
  if (added) void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
  return added;
}
