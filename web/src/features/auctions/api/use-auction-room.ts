/**
 * Live updates of one auction (R-SOCKET-CONTRACT, docs/realtime.md): joins the room
 * `auction:<id>` on mount and leaves on unmount; on every (re)connect joins again. Applies
 * auction_updated / auction_ended / auction_bought (full auctions), watch_count (the watchers) and
 * new_bid (a slim live view, merged into the cached full auction) to the query cache, ignoring events older than a cached
 * copy (overtaken by fetched state). The detail copy is re-read — once, however many reasons
 * pile up (resyncAuction) — when it may lack bids: a new_bid whose `seq` shows a gap, a
 * reconnect, or a join acknowledged after the copy was read (a late join); every copy is re-read
 * (rereadAuction) when the member's `outbid` names a price the copy lacks. Several components
 * may watch one auction: the room is left when the last of them unmounts. Payload types come
 * from the socket contract (contracts/src/socket-events.ts).
 */
import {
  SocketEvents,
  type Auction,
  type AuctionBoughtPayload,
  type AuctionList,
  type AuctionPayload,
  type LiveAuction,
  type NewBidPayload,
  type OutbidPayload,
  type SocketErrorPayload,
  type WatchCountPayload,
} from '@mazad/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocket } from '@/lib/socket';
import {
  applyAuctionToCache,
  applyLiveViewToCache,
  applyWatchToCache,
  cachedCopies,
  isStaleForCache,
  addToList,
  type LiveViewResult,
} from './cache';
import { auctionKeys, type AuctionListParams } from './keys';

/** Called after the cache was updated; never for stale events or other auctions. */
export interface AuctionRoomHandlers {
  onNewBid?: (event: NewBidPayload) => void;
  onUpdated?: (auction: Auction) => void;
  onEnded?: (auction: Auction) => void;
  onBought?: (event: AuctionBoughtPayload) => void;
  /**
   * The socket's `error` event (any room; the detail page toasts them). Listened to only when
   * given at mount.
   */
  onError?: (error: SocketErrorPayload) => void;
}

/** How many mounted watchers each room has (one socket, shared rooms). */
const roomWatchers = new Map<string, number>();

/**
 * At most one re-read of an auction per this interval. Under a storm every coalesced new_bid
 * shows a gap in the history (it carries three bids of many); the live fields are applied at
 * once regardless, and the history is filled by one re-read per interval instead of one per
 * message (docs/realtime.md, "Gaps and re-reads").
 */
export const RESYNC_INTERVAL_MS = 2_000;

/**
 * What each `new_bid` message did to the cache. Socket.IO hands the same payload object to every
 * listener, and each mounted watcher of an auction listens: the first applies the message, the
 * others reuse its result (they would otherwise find the cache already moved and call it stale).
 */
const newBidResults = new WeakMap<NewBidPayload, LiveViewResult>();

/** Per re-read (an auction's detail copy, or the list pages): when it last started, and the one scheduled. */
const resyncs = new Map<string, { last: number; timer?: ReturnType<typeof setTimeout> }>();

/**
 * Runs `read` ONCE for every request made before it starts: requests while one is scheduled join
 * it, and it starts no sooner than RESYNC_INTERVAL_MS after the previous run under `key`.
 */
function coalesce(key: string, read: () => void): void {
  const state = resyncs.get(key) ?? { last: 0 };
  resyncs.set(key, state);
  if (state.timer) return;
  state.timer = setTimeout(
    () => {
      state.timer = undefined;
      state.last = Date.now();
      read();
    },
    Math.max(0, state.last + RESYNC_INTERVAL_MS - Date.now()),
  );
}

/**
 * Re-reads the detail copy of an auction (if a page shows it) ONCE for every reason raised before
 * it starts (see coalesce); a read already in flight is reused.
 */
export function resyncAuction(queryClient: QueryClient, id: string): void {
  coalesce(`detail:${id}`, () => {
    void queryClient.refetchQueries(
      { queryKey: auctionKeys.detail(id), exact: true, type: 'active' },
      { cancelRefetch: false },
    );
  });
}

/** Auctions whose list copies wait for the next coalesced read of the list pages. */
const staleInLists = new Set<string>();

/**
 * Re-reads an auction whose every copy may be wrong rather than merely short of history: the
 * member was outbid (the `new_bid` that moved it may never have reached this page), or its end
 * time was reached on this clock (a bid this page missed may have moved the end). The detail copy
 * through resyncAuction; the list pages that hold it are read again, and a grid whose cards all
 * reach their end in the same moment reads each page once, not once per card.
 */
export function rereadAuction(queryClient: QueryClient, id: string): void {
  resyncAuction(queryClient, id);
  staleInLists.add(id);
  coalesce('lists', () => {
    const ids = new Set(staleInLists);
    staleInLists.clear();
    void queryClient.invalidateQueries(
      {
        queryKey: auctionKeys.lists(),
        predicate: (query) =>
          (query.state.data as AuctionList | undefined)?.auctions?.some((a) => ids.has(a._id)) ?? false,
      },
      { cancelRefetch: false },
    );
  });
}

/**
 * Applies a live view — of a `new_bid`, or of the member's own bid or maximum (its answer carries
 * the same view: docs/adr/0015-lean-bid-answer.md) — to every cached copy, and re-reads the detail
 * copy when the view shows bids it lacks (a gap). The one rule both paths follow.
 */
export function applyLiveView(queryClient: QueryClient, view: LiveAuction): LiveViewResult {
  const result = applyLiveViewToCache(queryClient, view);
  if (result === 'gap') resyncAuction(queryClient, view._id);
  return result;
}

/** Test helper: forget room bookkeeping and pending re-reads. */
export function resetAuctionRooms(): void {
  roomWatchers.clear();
  for (const { timer } of resyncs.values()) clearTimeout(timer);
  resyncs.clear();
  staleInLists.clear();
}

export function auctionRoomWatchers(id: string): number {
  return roomWatchers.get(id) ?? 0;
}

export function useAuctionRoom(auctionId: string | null | undefined, handlers: AuctionRoomHandlers = {}): void {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const socket = useSocket();

  useEffect(() => {
    // The socket loads after the first page; the join's late-join check then re-reads the copy.
    if (!auctionId || !socket) return;
    const id = auctionId;

    roomWatchers.set(id, (roomWatchers.get(id) ?? 0) + 1);

    /**
     * Joins, and once in the room re-reads a detail copy read before the join was asked: bids
     * committed before that moment were broadcast to a room we were not in (a late join, or any
     * reconnect — rooms do not survive one). Join first, then read, so no bid falls between.
     */
    const joinRoom = () => {
      const askedAt = Date.now();
      socket.emit(SocketEvents.JoinAuction, id, (answer) => {
        if (!answer?.ok) return;
        const state = queryClient.getQueryState(auctionKeys.detail(id));
        if (state?.data !== undefined && state.dataUpdatedAt < askedAt) resyncAuction(queryClient, id);
      });
    };
    // While disconnected the join happens on `connect` (emitting now would be buffered and doubled).
    if (socket.connected) joinRoom();
    const onConnect = () => joinRoom();

    /** Applies an event's full auction; false when it is stale or about another auction. */
    const apply = (auction: Auction | undefined): boolean => {
      if (!auction || auction._id !== id) return false;
      if (isStaleForCache(queryClient, auction)) return false;
      applyAuctionToCache(queryClient, auction);
      return true;
    };

    const onNewBid = (event: NewBidPayload) => {
      const view = event?.auction;
      if (!view || view._id !== id) return;
      let result = newBidResults.get(event);
      if (result === undefined) {
        result = applyLiveView(queryClient, view);
        newBidResults.set(event, result);
      }
      if (result !== 'stale') handlersRef.current.onNewBid?.(event);
    };
    const onUpdated = (event: AuctionPayload) => {
      if (apply(event?.auction)) handlersRef.current.onUpdated?.(event.auction);
    };
    const onEnded = (event: AuctionPayload) => {
      if (apply(event?.auction)) handlersRef.current.onEnded?.(event.auction);
    };
    const onBought = (event: AuctionBoughtPayload) => {
      if (apply(event?.auction)) handlersRef.current.onBought?.(event);
    };
    // The member's own notice (room user:<id>): a copy below the price it names missed that bid.
    const onOutbid = (event: OutbidPayload) => {
      if (event?.auctionId !== id) return;
      if (cachedCopies(queryClient, id).some((copy) => copy.currentPrice < event.currentPrice)) {
        rereadAuction(queryClient, id);
      }
    };
    // A member saved or unsaved it: the count on every copy (whether it is the viewer's own comes by their own room).
    const onWatchCount = (event: WatchCountPayload) => {
      if (event?.auctionId === id && typeof event.watchCount === 'number') {
        applyWatchToCache(queryClient, id, event.watchCount);
      }
    };
    const onError = (error: SocketErrorPayload) => handlersRef.current.onError?.(error);
    // Only watchers that handle errors listen (a grid of cards would otherwise log each one 50 times).
    const listensToErrors = Boolean(handlersRef.current.onError);

    socket.on('connect', onConnect);
    socket.on(SocketEvents.NewBid, onNewBid);
    socket.on(SocketEvents.AuctionUpdated, onUpdated);
    socket.on(SocketEvents.AuctionEnded, onEnded);
    socket.on(SocketEvents.AuctionBought, onBought);
    socket.on(SocketEvents.Outbid, onOutbid);
    socket.on(SocketEvents.WatchCount, onWatchCount);
    if (listensToErrors) socket.on(SocketEvents.Error, onError);

    return () => {
      socket.off('connect', onConnect);
      socket.off(SocketEvents.NewBid, onNewBid);
      socket.off(SocketEvents.AuctionUpdated, onUpdated);
      socket.off(SocketEvents.AuctionEnded, onEnded);
      socket.off(SocketEvents.AuctionBought, onBought);
      socket.off(SocketEvents.Outbid, onOutbid);
      socket.off(SocketEvents.WatchCount, onWatchCount);
      socket.off(SocketEvents.Error, onError);
      const left = (roomWatchers.get(id) ?? 1) - 1;
      if (left > 0) {
        roomWatchers.set(id, left);
      } else {
        roomWatchers.delete(id);
        if (socket.connected) socket.emit(SocketEvents.LeaveAuction, id);
      }
    };
  }, [auctionId, queryClient, socket]);
}

/**
 * The `new-auction` broadcast (home page): `onAuction` receives every auction published while
 * mounted. The caller decides whether it matches its filters.
 */
export function useNewAuctionEvents(onAuction: (auction: Auction) => void): void {
  const ref = useRef(onAuction);
  ref.current = onAuction;
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const handler = (auction: Auction) => {
      if (auction && auction._id) ref.current(auction);
    };
    socket.on(SocketEvents.NewAuction, handler);
    return () => {
      socket.off(SocketEvents.NewAuction, handler);
    };
  }, [socket]);
}

/**
 * `new_auction` events into one cached list page: each auction `accept` takes is put into the
 * page at its place in the page's order (addToList), then `onAdded` is called with it.
 */
export function useNewAuctionsInList(
  params: AuctionListParams,
  accept: (auction: Auction) => boolean,
  onAdded: (auction: Auction) => void,
): void {
  const queryClient = useQueryClient();
  useNewAuctionEvents((auction) => {
    if (accept(auction) && addToList(queryClient, params, auction)) onAdded(auction);
  });
}
