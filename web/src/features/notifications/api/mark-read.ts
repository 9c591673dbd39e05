/** PATCH /api/notifications/{id}/read and POST /api/notifications/read-all. */
import { path, routes, type NotificationsReadResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { markReadInCache } from './notifications';

export const MARK_READ_ERROR = 'تعذر تعليم الإشعارات كمقروءة';

/** `id` marks one notice read, null marks them all; the bell shows the server's count after it. */
export function useMarkRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<NotificationsReadResult, ApiError, string | null>({
    mutationFn: (id) =>
      id
        ? api.patch<NotificationsReadResult>(path(routes.notifications.read, { id }), undefined, {
            fallbackMessage: MARK_READ_ERROR,
          })
        : api.post<NotificationsReadResult>(path(routes.notifications.readAll), undefined, {
            fallbackMessage: MARK_READ_ERROR,
          }),
    onSuccess: (result, id) => markReadInCache(queryClient, userId, id, result.unreadCount),
  });
}
