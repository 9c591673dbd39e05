/** GET /api/notifications: the bell's newest notices and unread count, kept live by the socket. */
import { path, routes, SocketEvents, type NotificationPayload, type NotificationsResult } from '@mazad/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { useSocket } from '@/lib/socket';
import { notificationKeys } from './keys';

/** The bell shows the newest page; older notices stay stored (the API pages them). */
export const BELL_PAGE_SIZE = 20;

export function getNotifications(): Promise<NotificationsResult> {
  return api.get<NotificationsResult>(path(routes.notifications.list, {}, { limit: BELL_PAGE_SIZE }), { silent: true });
}

/**
 * A `notification` event into the cached list: a new notice goes on top (once, whatever the
 * replicas or reconnects repeat), and the count is the server's, so every tab agrees.
 */
export function applyNotificationEvent(
  current: NotificationsResult | undefined,
  { notification, unreadCount }: NotificationPayload,
): NotificationsResult | undefined {
  if (!current) return current;
  const known = notification && current.notifications.some((n) => n._id === notification._id);
  const notifications =
    notification && !known ? [notification, ...current.notifications].slice(0, BELL_PAGE_SIZE) : current.notifications;
  return { ...current, notifications, unreadCount };
}

/** Marks the cached notices read (`id`, or all), with the count the server answered. */
export function markReadInCache(queryClient: QueryClient, userId: string, id: string | null, unreadCount: number) {
  const readAt = new Date().toISOString();
  queryClient.setQueryData<NotificationsResult>(notificationKeys.list(userId), (current) =>
    current
      ? {
          ...current,
          unreadCount,
          notifications: current.notifications.map((n) => (n.readAt || (id && n._id !== id) ? n : { ...n, readAt })),
        }
      : current,
  );
}

/**
 * The member's notices: read once, then followed over the socket (`notification`); read again
 * when the socket connects, as every shown read is (app/providers.tsx, `refreshAfterConnect`).
 */
export function useNotifications(userId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: notificationKeys.list(userId), queryFn: getNotifications, retry: false });
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return;
    const key = notificationKeys.list(userId);
    const onNotice = (payload: NotificationPayload) =>
      queryClient.setQueryData<NotificationsResult>(key, (current) => applyNotificationEvent(current, payload));
    socket.on(SocketEvents.Notification, onNotice);
    return () => {
      socket.off(SocketEvents.Notification, onNotice);
    };
  }, [socket, userId, queryClient]);
  return query;
}
