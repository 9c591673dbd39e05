/**
 * The member's secret maximum (R-MAX-BID): GET, PUT and DELETE /api/auctions/{id}/max-bid. Only
 * the member's own maximum is ever read; a change answers the auction as a bid does (it may have
 * placed an automatic bid; the live view, asked with LIVE_BID_ANSWER), merged into every cached copy.
 */
import { LIVE_BID_ANSWER, path, routes, type MaxBidLiveResult, type OwnMaxBidResult } from '@mazad/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { applyActionResult, idempotencyHeaders, useKeyedAction, type RetryingMutation } from './actions';
import { auctionKeys } from './keys';

export const MAX_BID_ERROR_FALLBACK = 'حدث خطأ في حفظ الحد الأقصى';

export const ownMaxBidQuery = (id: string) =>
  queryOptions({
    queryKey: auctionKeys.ownMaxBid(id),
    queryFn: () => api.get<OwnMaxBidResult>(path(routes.bids.getMax, { id }), { silent: true }),
  });

/** The signed-in member's own maximum on the auction (`enabled`: only for a member who may bid). */
export function useOwnMaxBid(id: string, enabled: boolean) {
  return useQuery({ ...ownMaxBidQuery(id), enabled });
}

/** Sent again on AUCTION_BUSY under the same key (useKeyedAction); silent: the box shows failures. */
function useMaxBidChange<V>(
  auctionId: string,
  call: (variables: V, key: string) => Promise<MaxBidLiveResult>,
  fingerprint: (variables: V) => string,
): RetryingMutation<MaxBidLiveResult, V> {
  const queryClient = useQueryClient();
  const keyed = useKeyedAction({ silent: true });
  const mutation = useMutation<MaxBidLiveResult, ApiError, V>({
    mutationFn: (variables) => keyed.run(fingerprint(variables), undefined, (key) => call(variables, key)),
    onSuccess: (result) => {
      applyActionResult(queryClient, result);
      queryClient.setQueryData(auctionKeys.ownMaxBid(auctionId), { success: true, maxBid: result.maxBid });
    },
  });
  return { ...mutation, retrying: keyed.retrying };
}

/**
 * Sets or raises the maximum (JOD) under an idempotency key. Failures are not toasted: the box
 * shows them, and offers the purchase when the answer is MAX_BID_AT_BUY_NOW.
 */
export function useSetMaxBid(auctionId: string) {
  return useMaxBidChange<{ amount: number }>(
    auctionId,
    ({ amount }, key) =>
      api.put<MaxBidLiveResult>(
        path(routes.bids.setMax, { id: auctionId }, LIVE_BID_ANSWER),
        { amount },
        { headers: idempotencyHeaders(key), silent: true, fallbackMessage: MAX_BID_ERROR_FALLBACK },
      ),
    ({ amount }) => `max ${amount}`,
  );
}

/** Withdraws the maximum (refused while it holds the price). */
export function useWithdrawMaxBid(auctionId: string) {
  return useMaxBidChange<void>(
    auctionId,
    () =>
      api.delete<MaxBidLiveResult>(path(routes.bids.withdrawMax, { id: auctionId }, LIVE_BID_ANSWER), {
        silent: true,
        fallbackMessage: MAX_BID_ERROR_FALLBACK,
      }),
    () => 'withdraw',
  );
}
