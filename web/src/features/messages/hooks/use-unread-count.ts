import { SocketEvents } from '@mazad/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/socket';
import { getUnreadCount, UNREAD_POLL_MS, UPDATE_UNREAD_EVENT } from '../api/unread-count';

/**
 * The unread-messages count for the header badge (R-UNREAD-BADGE): fetched when the user
 * changes, every 10 s, on the socket events new_message / message_read, and on the window
 * event `updateUnreadCount`.
 */
export function useUnreadCount(userId: string | null | undefined): number {
  const queryClient = useQueryClient();
  const queryKey = ['me', 'unread-count', userId];
  const { data } = useQuery({
    queryKey,
    queryFn: getUnreadCount,
    enabled: Boolean(userId),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

  const socket = useSocket();
  useEffect(() => {
    if (!userId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['me', 'unread-count', userId] });
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
