/**
 * Query keys of the profile screens. They start with MEMBER_DATA_KEY and the member's id, so one
 * invalidation refreshes a member (and `refreshMemberData` every member, after an own bid or delete).
 */
import { MEMBER_DATA_KEY, SIGNED_IN_DATA_KEY } from '@/lib/member-data';

export const profileKeys = {
  member: (id: string) => [...MEMBER_DATA_KEY, id] as const,
  user: (id: string) => [...profileKeys.member(id), 'profile'] as const,
  stats: (id: string) => [...profileKeys.member(id), 'stats'] as const,
  ratingStats: (id: string) => [...profileKeys.member(id), 'rating-summary'] as const,
  ratings: (id: string) => [...profileKeys.member(id), 'ratings'] as const,
  auctions: (id: string, status?: string) => [...profileKeys.member(id), 'auctions', status ?? 'all'] as const,
  won: (id: string) => [...profileKeys.member(id), 'won'] as const,
  bids: (id: string) => [...profileKeys.member(id), 'bids'] as const,
  wonArchived: (id: string) => [...profileKeys.member(id), 'won-archived'] as const,
  archivedUnsold: (id: string) => [...profileKeys.member(id), 'archived-unsold'] as const,
  /** The members the signed-in member `ownId` blocked (R-BLOCK): only theirs, dropped at sign-out. */
  blocks: (ownId: string) => [...SIGNED_IN_DATA_KEY, 'blocks', ownId] as const,
};
