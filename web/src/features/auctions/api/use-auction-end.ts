/**
 * The moment an open auction's end time is reached on the server's clock. The copy on screen
 * then closes bidding, but it may be out of date: a bid this page never heard of (a lost
 * message, a dropped socket) moved the end forward, and the auction is still taking bids. So
 * the auction is re-read at that moment (rereadAuction: once per auction, and one read per list
 * page however many cards end together); a later end brought by the re-read opens bidding again
 * and is watched in turn.
 */
import type { Auction } from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServerTimeReached } from '../hooks/use-server-now';
import { isOpen } from '../lib/visibility';
import { rereadAuction } from './use-auction-room';

/** Whether `auction`'s end time has been reached (an invalid end time never is). */
export function useAuctionEnd(auction: Pick<Auction, '_id' | 'endTime' | 'status'>): boolean {
  const queryClient = useQueryClient();
  const reached = useServerTimeReached(Date.parse(auction.endTime));
  const open = isOpen(auction.status);
  // Only the moment of reaching counts: a copy read after its end is as fresh as a re-read would be.
  const reachedBefore = useRef(reached);
  useEffect(() => {
    const justReached = reached && !reachedBefore.current;
    reachedBefore.current = reached;
    if (justReached && open) rereadAuction(queryClient, auction._id);
  }, [reached, open, auction._id, queryClient]);
  return reached;
}
