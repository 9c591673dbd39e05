/** DELETE /api/auctions/{id} (the seller, while no bids exist; specification 2.13, 5). */
import type { SuccessResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api, type ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { auctionKeys } from './keys';

export const DELETE_ERROR_FALLBACK = 'حدث خطأ أثناء حذف المزاد';

export function deleteAuction(id: string): Promise<SuccessResult> {
  return api.delete<SuccessResult>(apiPaths.auctions.detail(id), { fallbackMessage: DELETE_ERROR_FALLBACK });
}

/** Deletes the auction; on success its cached copies go and the lists (the profile's too) and stats refresh. */
export function useDeleteAuction(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SuccessResult, ApiError, void>({
    mutationFn: () => deleteAuction(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: auctionKeys.detail(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: auctionKeys.siteStats() });
      void refreshMemberData(queryClient); // the seller's profile lists
    },
  });
}
