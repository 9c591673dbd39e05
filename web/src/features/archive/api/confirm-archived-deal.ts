/** PATCH /api/users/{id}/confirm-archived-deal/{archivedId}: the winner confirms receipt of an archived deal. */
import { path, routes, type ConfirmArchivedDealResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { archiveKeys } from './keys';

export const ARCHIVE_CONFIRM_ERROR = 'حدث خطأ أثناء تأكيد الصفقة';

/** A failure is toasted with the server's message (else ARCHIVE_CONFIRM_ERROR). */
export function confirmArchivedDeal(userId: string, archivedId: string): Promise<ConfirmArchivedDealResult> {
  return api.patch<ConfirmArchivedDealResult>(path(routes.archive.confirmDeal, { userId, archivedId }), undefined, {
    fallbackMessage: ARCHIVE_CONFIRM_ERROR,
  });
}

/**
 * Confirms an archived deal, from the archive or the profile's won tab; the member's archive
 * and the members' lists (profile tabs) refresh.
 */
export function useConfirmArchivedDeal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<ConfirmArchivedDealResult, ApiError, string>({
    mutationFn: (archivedId) => confirmArchivedDeal(userId, archivedId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: archiveKeys.all(userId) });
      void refreshMemberData(queryClient);
    },
  });
}
