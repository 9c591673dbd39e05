import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Browser-wide event other screens fire after reading or sending messages. */
export const UPDATE_UNREAD_EVENT = 'updateUnreadCount';
export const UNREAD_POLL_MS = 10_000;

/** GET /api/messages/unread-count → { count }; any failure counts as 0, silently. */
export async function getUnreadCount(): Promise<number> {
  try {
    const result = await api.get<{ count?: number }>(apiPaths.messages.unreadCount, { silent: true });
    const count = Number(result?.count);
    return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  } catch (error) {
    console.warn('[messages] unread count failed:', error instanceof Error ? error.message : error);
    return 0;
  }
}

/** What the badge shows: the number, or 99+ above 99. */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
