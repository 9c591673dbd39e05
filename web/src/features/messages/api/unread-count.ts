/** GET /api/messages/unread-count: the header badge. */
import { path, routes, SocketEvents, type UnreadCountResult } from '@mazad/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useSocket } from '@/lib/socket';
import { messageKeys } from './keys';

/** Browser-wide event other screens fire after reading or sending messages. */
export const UPDATE_UNREAD_EVENT = 'updateUnreadCount';
export const UNREAD_POLL_MS = 10_000;

/** Any failure counts as 0, silently. */
export async function getUnreadCount(): Promise<number> {
  try {
    const result = await api.get<Partial<UnreadCountResult>>(path(routes.messages.unreadCount), { silent: true });
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

/**
 * The unread-messages count for the header badge (R-UNREAD-BADGE): fetched when the user
 * changes, every 10 s, on the socket events new_message / message_read, and on the window
 * event `updateUnreadCount`.
 */
export function useUnreadCount(userId: string | null | undefined): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: messageKeys.unreadCount(userId ?? ''),
    queryFn: getUnreadCount,
    enabled: Boolean(userId),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

  const socket = useSocket();
  useEffect(() => {
    if (!userId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount(userId) });
    // The socket arrives after the first page (null before): the 10 s refresh covers that moment.
    const events = [SocketEvents.NewMessage, SocketEvents.NewMessageAlt, SocketEvents.MessageRead];
    for (const event of events) socket?.on(event, refresh);
    window.addEventListener(UPDATE_UNREAD_EVENT, refresh);
    return () => {
      for (const event of events) socket?.off(event, refresh);
      window.removeEventListener(UPDATE_UNREAD_EVENT, refresh);
    };
  }, [userId, queryClient, socket]);

  return userId ? (data ?? 0) : 0;
}
