/** PATCH /api/auctions/{id}/confirm-deal: the winner confirms receipt of a live auction's deal. */
import { path, routes, type ConfirmDealResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auctionKeys } from '@/features/auctions';
import { api, type ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { messageKeys } from './keys';

export const CONFIRM_ERROR = 'حدث خطأ أثناء تأكيد الصفقة';
export const DEAL_CONFIRMED = 'تم تأكيد الصفقة بنجاح';

/** A failure is toasted with the server's message (else CONFIRM_ERROR). */
export function confirmDeal(auctionId: string): Promise<ConfirmDealResult> {
  return api.patch<ConfirmDealResult>(path(routes.deals.confirm, { id: auctionId }), undefined, {
    fallbackMessage: CONFIRM_ERROR,
  });
}

/**
 * Confirms the deal, from the chat's deal panel or the profile's won tab. Then the member's
 * conversations (the panel), the members' lists (profile tabs) and the auction reads (a
 * confirmed deal leaves the public lists) refresh.
 */
export function useConfirmDeal(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<ConfirmDealResult, ApiError, string>({
    mutationFn: confirmDeal,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(userId) });
      void refreshMemberData(queryClient);
      void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
    },
  });
}
