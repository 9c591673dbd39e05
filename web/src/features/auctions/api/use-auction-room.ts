/**
 * Live updates of one auction (specification 4.6, docs/realtime.md): joins the room
 * `auction:<id>` on mount and leaves on unmount; on every (re)connect joins again, then
 * refetches the detail copy; applies new_bid / auction_updated / auction_ended /
 * auction_bought to the query cache, ignoring events whose `auction.bidCount` is lower than a
 * cached copy's (overtaken by fetched state). Several components may watch one auction: the
 * room is left when the last of them unmounts. Payload types come from the socket contract
 * (contracts/src/socket-events.ts).
 */
import {
  SocketEvents,
  type Auction,
  type AuctionBoughtPayload,
  type AuctionPayload,
  type NewBidPayload,
  type SocketErrorPayload,
} from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSocket } from '@/lib/socket';
import { applyAuctionToCache, isStaleForCache } from './cache';
import { auctionKeys } from './keys';

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

function joinRoom(id: string) {
  getSocket().emit(SocketEvents.JoinAuction, id);
}

/** Test helper: forget room bookkeeping. */
export function resetAuctionRooms(): void {
  roomWatchers.clear();
}

export function auctionRoomWatchers(id: string): number {
  return roomWatchers.get(id) ?? 0;
}

export function useAuctionRoom(auctionId: string | null | undefined, handlers: AuctionRoomHandlers = {}): void {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!auctionId) return;
    const id = auctionId;
    const socket = getSocket();

    roomWatchers.set(id, (roomWatchers.get(id) ?? 0) + 1);
    // While disconnected the join happens on `connect` (emitting now would be buffered and doubled).
    if (socket.connected) joinRoom(id);

    const onConnect = () => {
      // Rooms do not survive a reconnect: join first, then read, so no event falls in a gap.
      joinRoom(id);
      const detailKey = auctionKeys.detail(id);
      if (queryClient.getQueryData(detailKey) !== undefined) {
        void queryClient.refetchQueries({ queryKey: detailKey, exact: true, type: 'active' });
      }
    };

    /** Applies an event's auction; false when it is stale or about another auction. */
    const apply = (auction: Auction | undefined): boolean => {
      if (!auction || auction._id !== id) return false;
      if (isStaleForCache(queryClient, auction)) return false;
      applyAuctionToCache(queryClient, auction);
      return true;
    };

    const onNewBid = (event: NewBidPayload) => {
      if (apply(event?.auction)) handlersRef.current.onNewBid?.(event);
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
    const onError = (error: SocketErrorPayload) => handlersRef.current.onError?.(error);
    // Only watchers that handle errors listen (a grid of cards would otherwise log each one 50 times).
    const listensToErrors = Boolean(handlersRef.current.onError);

    socket.on('connect', onConnect);
    socket.on(SocketEvents.NewBid, onNewBid);
    socket.on(SocketEvents.AuctionUpdated, onUpdated);
    socket.on(SocketEvents.AuctionEnded, onEnded);
    socket.on(SocketEvents.AuctionBought, onBought);
    if (listensToErrors) socket.on(SocketEvents.Error, onError);

    return () => {
      socket.off('connect', onConnect);
      socket.off(SocketEvents.NewBid, onNewBid);
      socket.off(SocketEvents.AuctionUpdated, onUpdated);
      socket.off(SocketEvents.AuctionEnded, onEnded);
      socket.off(SocketEvents.AuctionBought, onBought);
      socket.off(SocketEvents.Error, onError);
      const left = (roomWatchers.get(id) ?? 1) - 1;
      if (left > 0) {
        roomWatchers.set(id, left);
      } else {
        roomWatchers.delete(id);
        if (socket.connected) socket.emit(SocketEvents.LeaveAuction, id);
      }
    };
  }, [auctionId, queryClient]);
}

/**
 * The `new-auction` broadcast (home page): `onAuction` receives every auction published while
 * mounted. The caller decides whether it matches its filters.
 */
export function useNewAuctionEvents(onAuction: (auction: Auction) => void): void {
  const ref = useRef(onAuction);
  ref.current = onAuction;
  useEffect(() => {
    const socket = getSocket();
    const handler = (auction: Auction) => {
      if (auction && auction._id) ref.current(auction);
    };
    socket.on(SocketEvents.NewAuction, handler);
    return () => {
      socket.off(SocketEvents.NewAuction, handler);
    };
  }, []);
}
