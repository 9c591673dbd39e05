/** Query keys of the messages feature (one place, so invalidation never drifts). */
import { SIGNED_IN_DATA_KEY } from '@/lib/member-data';

export const messageKeys = {
  all: ['messages'] as const,
  /** Every member's conversation list (a rating marks its conversation in whichever is cached). */
  conversationLists: () => [...messageKeys.all, 'conversations'] as const,
  conversations: (userId: string) => [...messageKeys.conversationLists(), userId] as const,
  thread: (auctionId: string) => [...messageKeys.all, 'thread', auctionId] as const,
  /** Under the signed-in member's key: dropped at sign-out. */
  unreadCount: (userId: string) => [...SIGNED_IN_DATA_KEY, 'unread-count', userId] as const,
};
