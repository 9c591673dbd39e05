/** DELETE /api/auctions/{id}: the seller, while no bids exist (docs/adr/0004-auction-deletion.md). */
import { path, routes, type SuccessResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { refreshAfterAuctionWrite } from './cache';
import { auctionKeys } from './keys';

export const DELETE_ERROR_FALLBACK = 'حدث خطأ أثناء حذف المزاد';

/** A failure is toasted with the server's message (else the fallback). */
export function deleteAuction(id: string): Promise<SuccessResult> {
  return api.delete<SuccessResult>(path(routes.auctions.remove, { id }), { fallbackMessage: DELETE_ERROR_FALLBACK });
}

/**
 * Deletes the auction, from its page or its edit form. On success its cached copy goes, and
 * every auction read, the site stats and the members' lists (the seller's profile) refresh.
 */
export function useDeleteAuction(id: string) {
  const queryClient = useQueryClient();
  return useMutation<SuccessResult, ApiError, void>({
    mutationFn: () => deleteAuction(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: auctionKeys.detail(id), exact: true });
      refreshAfterAuctionWrite(queryClient);
    },
  });
}
