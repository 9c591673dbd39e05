/**
 * The member takes back their own bid after a typo (R-BID-RETRACT): POST
 * /api/auctions/{id}/bids/{bidId}/retract { reason }. It goes through the auction's queue as a
 * bid does, so it is sent again on AUCTION_BUSY under the same key (useKeyedAction); the answer
 * is the whole auction after the reprice, which replaces every cached copy.
 */
import { path, routes, type BidCorrectionResult, type BidRetractionReason } from '@mazad/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { api, type ApiError } from '@/lib/api-client';
import { applyActionResult, idempotencyHeaders, useKeyedAction, type RetryingMutation } from './actions';

export const RETRACT_ERROR_FALLBACK = 'تعذّر سحب المزايدة';

export interface RetractBidVariables {
  bidId: string;
  reason: BidRetractionReason;
}

export function retractBid(
  auctionId: string,
  { bidId, reason }: RetractBidVariables,
  idempotencyKey: string,
): Promise<BidCorrectionResult> {
  return api.post<BidCorrectionResult>(
    path(routes.bids.retract, { id: auctionId, bidId }),
    { reason },
    { headers: idempotencyHeaders(idempotencyKey), silent: true, fallbackMessage: RETRACT_ERROR_FALLBACK },
  );
}

/** Retracts a bid; says so (the server's words) and puts the repriced auction in every cached copy. */
export function useRetractBid(auctionId: string): RetryingMutation<BidCorrectionResult, RetractBidVariables> {
  const queryClient = useQueryClient();
  // Shows a refusal once, after the retries.
  const keyed = useKeyedAction();
  const mutation = useMutation<BidCorrectionResult, ApiError, RetractBidVariables>({
    mutationFn: (variables) =>
      keyed.run(`retract ${variables.bidId}`, undefined, (key) => retractBid(auctionId, variables, key)),
    onSuccess: (result) => {
      applyActionResult(queryClient, result);
      toast.success(result.message);
    },
  });
  return { ...mutation, retrying: keyed.retrying };
}
