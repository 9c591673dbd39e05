/** POST /api/users/{sellerId}/rate: the winner rates the seller after a sale. */
import { path, routes, type Conversation, type RateSellerRequest, type RateSellerResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { refreshMemberData } from '@/lib/member-data';
import { messageKeys } from './keys';

export const RATING_TIMEOUT_MS = 10_000;
export const RATING_ERROR = 'حدث خطأ أثناء إرسال التقييم';
/** Shown instead of calling when the seller or the auction is unknown. */
export const RATING_INVALID_DATA = 'بيانات غير صالحة لإرسال التقييم';

/** Gives up after 10 s; a failure is toasted with the server's message (else RATING_ERROR). */
export function rateSeller(sellerId: string, request: RateSellerRequest): Promise<RateSellerResult> {
  return api.post<RateSellerResult>(path(routes.ratings.rate, { sellerId }), request, {
    fallbackMessage: RATING_ERROR,
    timeoutMs: RATING_TIMEOUT_MS,
  });
}

/**
 * Rates the seller of `request.auctionId`; its conversation then says so at once, the list is
 * read again, and the members' ratings (the seller's profile and stars) refresh.
 */
export function useRateSeller() {
  const queryClient = useQueryClient();
  return useMutation<RateSellerResult, ApiError, { sellerId: string; request: RateSellerRequest }>({
    mutationFn: ({ sellerId, request }) => rateSeller(sellerId, request),
    onSuccess: (_result, { request }) => {
      queryClient.setQueriesData<Conversation[]>({ queryKey: messageKeys.conversationLists() }, (list) =>
        list?.map((c) =>
          c._id === request.auctionId ? { ...c, auction: { ...c.auction, isRatedBySeller: true } } : c,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
      void refreshMemberData(queryClient);
    },
  });
}
