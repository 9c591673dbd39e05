/** A bid: `place_bid` over the socket when connected, else POST /api/auctions/{id}/bid (actions.ts). */
import { LIVE_BID_ANSWER, path, routes, SocketEvents, type PlaceBidLiveResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerPushAfterEngagement } from '@/features/push';
import { api, type ApiError } from '@/lib/api-client';
import {
  applyActionResult,
  idempotencyHeaders,
  SOCKET_ACK_TIMEOUT_MS,
  submit,
  useKeyedAction,
  type ActionOptions,
  type MutationOptions,
  type RetryingMutation,
} from './actions';
import { markWatchedByBid } from './cache';

export type { PlaceBidLiveResult };

export const BID_ERROR_FALLBACK = 'حدث خطأ في إضافة المزايدة';

/** Places a bid (JOD, ≤ 3 decimals). Errors carry the server's Arabic message, whichever path answered. */
export function placeBid(id: string, amount: number, options: MutationOptions = {}): Promise<PlaceBidLiveResult> {
  const { idempotencyKey } = options;
  return submit(
    idempotencyKey
      ? (socket) =>
          socket
            .timeout(SOCKET_ACK_TIMEOUT_MS)
            .emitWithAck(SocketEvents.PlaceBid, { auctionId: id, amount, idempotencyKey, ...LIVE_BID_ANSWER })
      : null,
    () =>
      api.post<PlaceBidLiveResult>(
        path(routes.bids.place, { id }, LIVE_BID_ANSWER),
        { amount },
        { headers: idempotencyHeaders(idempotencyKey), silent: options.silent, fallbackMessage: BID_ERROR_FALLBACK },
      ),
    { ...options, fallbackMessage: BID_ERROR_FALLBACK },
  );
}

export interface BidVariables {
  /** JOD, at most 3 decimals, strictly above the current price. */
  amount: number;
  /** Overrides the automatic per-action key. */
  idempotencyKey?: string;
}

/**
 * Places a bid; on success the answer's live view is merged into every cached copy
 * (applyActionResult) and the copy shows the member now watches the auction. Retried on
 * AUCTION_BUSY under the same key (useKeyedAction).
 */
export function useBidMutation(
  auctionId: string,
  options: ActionOptions = {},
): RetryingMutation<PlaceBidLiveResult, BidVariables> {
  const queryClient = useQueryClient();
  const keyed = useKeyedAction(options);
  const mutation = useMutation<PlaceBidLiveResult, ApiError, BidVariables>({
    mutationFn: ({ amount, idempotencyKey }) =>
      // Silent: useKeyedAction shows the failure once, after its retries.
      keyed.run(String(amount), idempotencyKey, (key) =>
        placeBid(auctionId, amount, { idempotencyKey: key, silent: true }),
      ),
    onSuccess: (result) => {
      applyActionResult(queryClient, result);
      markWatchedByBid(queryClient, auctionId);
      offerPushAfterEngagement();
    },
  });
  return { ...mutation, retrying: keyed.retrying };
}
