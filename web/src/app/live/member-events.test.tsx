import { AuctionStatus, SocketEvents, type ServerEventPayload } from '@mazad/contracts';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { archiveKeys } from '@/features/archive/api/keys';
import { auctionKeys } from '@/features/auctions/api';
import { messageKeys } from '@/features/messages/api/keys';
import { profileKeys } from '@/features/profile/api/keys';
import { listenerCount, serverEmit } from '@/testing/fake-socket';
import { MEMBER_EVENTS, staleReads, type MemberEvent } from './member-events';
import { useMemberEvents } from './use-member-events';

const ME = 'member-1';
const OTHER = 'member-2';
const AUCTION = 'auction-1';
const party = (id: string) => ({ _id: id, id, name: id });
const outcome = {
  auctionId: AUCTION,
  title: 'ساعة',
  status: AuctionStatus.Sold,
  currentPrice: 50,
  seller: party(ME),
  winner: party(OTHER),
};
const payloads: { [E in MemberEvent]: ServerEventPayload<E> } = {
  [SocketEvents.AuctionSold]: outcome,
  [SocketEvents.AuctionWon]: outcome,
  [SocketEvents.AuctionUnsold]: { ...outcome, status: AuctionStatus.Unsold, winner: null },
  [SocketEvents.ConversationCreated]: { auctionId: AUCTION, title: 'ساعة', seller: party(ME), winner: party(OTHER) },
  [SocketEvents.DealConfirmed]: { auctionId: AUCTION, confirmedBy: OTHER, dealConfirmedAt: '2026-01-01T00:00:00.000Z' },
  [SocketEvents.Rated]: { auctionId: AUCTION, raterId: OTHER, ratedUserId: ME, stars: 5 },
  [SocketEvents.WatchlistChanged]: { auctionId: AUCTION, watched: true, watchCount: 2 },
};

describe('staleReads: what each per-member event refreshes', () => {
  it('a sale or an end without one: the profile tabs, the auction page and the lists of cards', () => {
    for (const event of [SocketEvents.AuctionSold, SocketEvents.AuctionWon, SocketEvents.AuctionUnsold] as const) {
      expect(staleReads(event, payloads[event], ME)).toEqual([
        profileKeys.member(ME),
        auctionKeys.detail(AUCTION),
        auctionKeys.lists(),
      ]);
    }
  });

  it('a new conversation: the conversation list', () => {
    expect(staleReads(SocketEvents.ConversationCreated, payloads.conversation_created, ME)).toEqual([
      messageKeys.conversations(ME),
    ]);
  });

  it('a confirmed deal: the conversation list (the deal panel), the profile, the archive and the auction', () => {
    expect(staleReads(SocketEvents.DealConfirmed, payloads.deal_confirmed, ME)).toEqual([
      messageKeys.conversations(ME),
      profileKeys.member(ME),
      archiveKeys.all(ME),
      auctionKeys.detail(AUCTION),
    ]);
  });

  it("a rating: the rated member's profile too when it is someone else (the rater's side)", () => {
    const rated = payloads.rated;
    expect(staleReads(SocketEvents.Rated, rated, ME)).toEqual([
      messageKeys.conversations(ME),
      profileKeys.member(ME),
      archiveKeys.all(ME),
      auctionKeys.detail(AUCTION),
    ]);
    expect(staleReads(SocketEvents.Rated, rated, OTHER)).toEqual([
      messageKeys.conversations(OTHER),
      profileKeys.member(OTHER),
      profileKeys.member(ME),
      archiveKeys.all(OTHER),
      auctionKeys.detail(AUCTION),
    ]);
    // The sellers' stars on cards live under the rated member's key.
    expect(auctionKeys.sellerRating(ME).slice(0, 2)).toEqual(profileKeys.member(ME));
  });

  it('a save or unsave on another tab or device: the watchlist pages and the auction page (its save button)', () => {
    expect(staleReads(SocketEvents.WatchlistChanged, payloads.watchlist_changed, ME)).toEqual([
      auctionKeys.watchlists(),
      auctionKeys.watchingAll(),
      auctionKeys.detail(AUCTION),
    ]);
  });
});

describe('useMemberEvents', () => {
  function setup(userId: string | undefined) {
    const queryClient = new QueryClient();
    const keys: QueryKey[] = [
      messageKeys.conversations(ME),
      profileKeys.won(ME),
      archiveKeys.mine(ME),
      auctionKeys.detail(AUCTION),
      auctionKeys.list({ page: 2 }),
      messageKeys.thread(AUCTION),
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const view = renderHook(() => useMemberEvents(userId), { wrapper });
    const invalidated = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated);
    return { ...view, invalidated };
  }

  it("the winner confirmed receipt: the seller's conversation list, profile, archive and auction go stale", () => {
    const { invalidated } = setup(ME);
    serverEmit(SocketEvents.DealConfirmed, payloads.deal_confirmed);
    expect(invalidated()).toEqual([
      messageKeys.conversations(ME),
      profileKeys.won(ME),
      archiveKeys.mine(ME),
      auctionKeys.detail(AUCTION),
    ]);
  });

  it('a sale made while /messages is open: the conversation list goes stale', () => {
    const { invalidated } = setup(ME);
    serverEmit(SocketEvents.ConversationCreated, payloads.conversation_created);
    expect(invalidated()).toEqual([messageKeys.conversations(ME)]);
  });

  it('listens to every member event once while signed in, ignores malformed payloads, stops on unmount', () => {
    const { invalidated, unmount } = setup(ME);
    for (const event of MEMBER_EVENTS) expect(listenerCount(event)).toBe(1);
    serverEmit(SocketEvents.Rated, null);
    serverEmit(SocketEvents.Rated, { stars: 5 });
    expect(invalidated()).toEqual([]);
    unmount();
    for (const event of MEMBER_EVENTS) expect(listenerCount(event)).toBe(0);
  });

  it('a visitor does not listen', () => {
    setup(undefined);
    for (const event of MEMBER_EVENTS) expect(listenerCount(event)).toBe(0);
  });
});
