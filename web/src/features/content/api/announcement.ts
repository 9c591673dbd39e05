import { useQuery } from '@tanstack/react-query';
import type { AnnouncementContent, AnnouncementResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';

export const ANNOUNCEMENT_PATH = '/api/announcement-content';
export const ANNOUNCEMENT_LOAD_ERROR = 'حدث خطأ في تحميل محتوى الإعلان';

/** The announcement page's content; null until an admin saves one (or when it is switched off). */
export function useAnnouncement() {
  return useQuery({
    queryKey: ['announcement-content'],
    // Site-content load failure: a toast (R-CLIENT-ERROR-TEXT), with the server's text when it has one.
    queryFn: async (): Promise<AnnouncementContent | null> =>
      (await api.get<AnnouncementResult>(ANNOUNCEMENT_PATH, { fallbackMessage: ANNOUNCEMENT_LOAD_ERROR })).data ?? null,
    retry: false,
  });
}
