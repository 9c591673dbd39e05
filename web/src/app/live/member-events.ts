/**
 * What each per-member socket event (server → the member's `user:<id>` room) makes stale among
 * the member's reads, by the features' own query key factories. The events are sent because the
 * screens that show these facts (/messages with its deal panel, the profile tabs, the archive,
 * auction cards and details) do not watch the auction's room; each read is invalidated, so only
 * the screens on show refetch.
 */
import { SocketEvents, type ServerEventPayload } from '@mazad/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { archiveKeys } from '@/features/archive/api/keys';
import { auctionKeys } from '@/features/auctions/api';
import { messageKeys } from '@/features/messages/api/keys';
import { profileKeys } from '@/features/profile/api/keys';

export const MEMBER_EVENTS = [
  SocketEvents.AuctionSold,
  SocketEvents.AuctionWon,
  SocketEvents.AuctionUnsold,
  SocketEvents.ConversationCreated,
  SocketEvents.DealConfirmed,
  SocketEvents.Rated,
  SocketEvents.WatchlistChanged,
] as const;

export type MemberEvent = (typeof MEMBER_EVENTS)[number];

/** The reads `event` makes stale for the signed-in member `userId`. */
export function staleReads(event: MemberEvent, payload: ServerEventPayload<MemberEvent>, userId: string): QueryKey[] {
  const { auctionId } = payload;
  // The member's profile: tabs (own, won, bid-on, archived) and the counts above them.
  const profile = profileKeys.member(userId);
  const auction = auctionKeys.detail(auctionId);
  switch (event) {
    case SocketEvents.AuctionSold:
    case SocketEvents.AuctionWon:
    case SocketEvents.AuctionUnsold:
      // The status moved: the member's tabs, the auction's page, the cards of the lists. A sale's
      // new conversation comes with its own event.
      return [profile, auction, auctionKeys.lists()];
    case SocketEvents.ConversationCreated:
      return [messageKeys.conversations(userId)];
    case SocketEvents.DealConfirmed:
      // The deal panel lives in the conversation list; archived deals in the archive.
      return [messageKeys.conversations(userId), profile, archiveKeys.all(userId), auction];
    case SocketEvents.Rated: {
      // The rater's panel says "rated"; the rated member's ratings and summary (also the sellers'
      // stars on cards, `auctionKeys.sellerRating`, under the same ['users', id] prefix) change.
      const { ratedUserId } = payload as ServerEventPayload<typeof event>;
      const rated = ratedUserId === userId ? [] : [profileKeys.member(ratedUserId)];
      return [messageKeys.conversations(userId), profile, ...rated, archiveKeys.all(userId), auction];
    }
    case SocketEvents.WatchlistChanged:
      // Saved or unsaved on another tab or device: the save button's state, the cards' watch
      // toggles and the watchlist tab.
      return [auctionKeys.watchlists(), auctionKeys.watchingAll(), auction];
    default:
      return [];
  }
}
