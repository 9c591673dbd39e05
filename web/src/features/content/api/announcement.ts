/** GET /api/announcement-content: the announcement page. */
import { path, routes, type AnnouncementContent, type AnnouncementResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export const ANNOUNCEMENT_LOAD_ERROR = 'حدث خطأ في تحميل محتوى الإعلان';

/** The announcement page's content; null until an admin saves one (or when it is switched off). */
export function useAnnouncement() {
  return useQuery({
    queryKey: contentKeys.announcement(),
    // Site-content load failure: a toast (R-CLIENT-ERROR-TEXT), with the server's text when it has one.
    queryFn: async (): Promise<AnnouncementContent | null> =>
      (
        await api.get<AnnouncementResult>(path(routes.content.announcement), {
          fallbackMessage: ANNOUNCEMENT_LOAD_ERROR,
        })
      ).data ?? null,
    retry: false,
  });
}
