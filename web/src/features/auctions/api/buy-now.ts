/** Buy now: `buy_now` over the socket when connected, else POST /api/auctions/{id}/buy-now (actions.ts). */
import { path, routes, SocketEvents, type BuyNowResult } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export type { BuyNowResult };

export const BUY_NOW_ERROR_FALLBACK = 'حدث خطأ في شراء المنتج';

/**
 * Buys at the buy-now price with `expectedPrice`, the price the member saw: the server refuses
 * (409 BUY_NOW_PRICE_CHANGED) when the seller changed it meanwhile.
 */
export function buyNow(id: string, options: MutationOptions & { expectedPrice?: number } = {}): Promise<BuyNowResult> {
  const { idempotencyKey, expectedPrice } = options;
  const body = expectedPrice === undefined ? undefined : { expectedPrice };
  return submit(
    idempotencyKey
      ? (socket) =>
          socket
            .timeout(SOCKET_ACK_TIMEOUT_MS)
            .emitWithAck(SocketEvents.BuyNow, { auctionId: id, ...body, idempotencyKey })
      : null,
    () =>
      api.post<BuyNowResult>(path(routes.bids.buyNow, { id }), body, {
        headers: idempotencyHeaders(idempotencyKey),
        silent: options.silent,
        fallbackMessage: BUY_NOW_ERROR_FALLBACK,
      }),
    { ...options, fallbackMessage: BUY_NOW_ERROR_FALLBACK },
  );
}

export interface BuyNowVariables {
  idempotencyKey?: string;
  /** The buy-now price shown to the member (JOD); the server refuses the purchase if it changed. */
  expectedPrice?: number;
}

/** Buys now; on success the sold auction replaces every cached copy (applyActionResult). Retried on AUCTION_BUSY. */
export function useBuyNowMutation(
  auctionId: string,
  options: ActionOptions = {},
): RetryingMutation<BuyNowResult, BuyNowVariables | void> {
  const queryClient = useQueryClient();
  const keyed = useKeyedAction(options);
  const mutation = useMutation<BuyNowResult, ApiError, BuyNowVariables | void>({
    mutationFn: (variables) =>
      // Silent: useKeyedAction shows the failure once, after its retries.
      keyed.run('buy-now', variables?.idempotencyKey, (key) =>
        buyNow(auctionId, { idempotencyKey: key, silent: true, expectedPrice: variables?.expectedPrice }),
      ),
    onSuccess: (result) => applyActionResult(queryClient, result),
  });
  return { ...mutation, retrying: keyed.retrying };
}
