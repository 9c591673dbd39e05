/** A bid: `place_bid` over the socket when connected, else POST /api/auctions/{id}/bid (actions.ts). */
import { path, routes, SocketEvents, type PlaceBidResult } from '@mazad/contracts';
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
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
} from './actions';

export type { PlaceBidResult };

export const BID_ERROR_FALLBACK = 'حدث خطأ في إضافة المزايدة';

/** Places a bid (JOD, ≤ 3 decimals). Errors carry the server's Arabic message, whichever path answered. */
export function placeBid(id: string, amount: number, options: MutationOptions = {}): Promise<PlaceBidResult> {
  const { idempotencyKey } = options;
  return submit(
    idempotencyKey
      ? (socket) =>
          socket
            .timeout(SOCKET_ACK_TIMEOUT_MS)
            .emitWithAck(SocketEvents.PlaceBid, { auctionId: id, amount, idempotencyKey })
      : null,
    () =>
      api.post<PlaceBidResult>(
        path(routes.bids.place, { id }),
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

/** Places a bid; on success the returned auction replaces every cached copy (applyActionResult). */
export function useBidMutation(
  auctionId: string,
  options: ActionOptions = {},
): UseMutationResult<PlaceBidResult, ApiError, BidVariables> {
  const queryClient = useQueryClient();
  const keyed = useKeyedAction();
  return useMutation<PlaceBidResult, ApiError, BidVariables>({
    mutationFn: ({ amount, idempotencyKey }) =>
      keyed(String(amount), idempotencyKey, (key) =>
        placeBid(auctionId, amount, { idempotencyKey: key, silent: options.silent }),
      ),
    onSuccess: (result) => {
      applyActionResult(queryClient, result);
      offerPushAfterEngagement();
    },
  });
}
