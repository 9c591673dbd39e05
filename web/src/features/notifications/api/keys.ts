/** Query keys of the notifications feature. */
import { SIGNED_IN_DATA_KEY } from '@/lib/member-data';

export const notificationKeys = {
  /** Under the signed-in member's key: dropped at sign-out. */
  list: (userId: string) => [...SIGNED_IN_DATA_KEY, 'notifications', userId] as const,
  preferences: (userId: string) => [...SIGNED_IN_DATA_KEY, 'notification-preferences', userId] as const,
};
