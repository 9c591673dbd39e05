/** GET and PUT /api/users/me/notification-preferences: which notices reach the member outside the app. */
import { path, routes, type NotificationPreferences, type NotificationPreferencesResult } from '@mazad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const PREFERENCES_SAVE_ERROR = 'تعذر حفظ إعدادات الإشعارات';

export function useNotificationPreferences(userId: string) {
  return useQuery({
    queryKey: notificationKeys.preferences(userId),
    queryFn: () => api.get<NotificationPreferencesResult>(path(routes.notifications.preferences)),
  });
}

export function useSaveNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<NotificationPreferencesResult, ApiError, NotificationPreferences>({
    mutationFn: (body) =>
      api.put<NotificationPreferencesResult>(path(routes.notifications.setPreferences), body, {
        silent: true,
        fallbackMessage: PREFERENCES_SAVE_ERROR,
      }),
    onSuccess: (result) => queryClient.setQueryData(notificationKeys.preferences(userId), result),
  });
}
