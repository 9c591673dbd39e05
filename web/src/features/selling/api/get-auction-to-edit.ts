/** GET /api/auctions/{id} for the edit form (the auctions feature's fetcher, a copy of its own). */
import type { Auction } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { getAuction } from '@/features/auctions';
import type { ApiError } from '@/lib/api-client';
import { sellingKeys } from './keys';

/** Always fresh, never retried, errors handled by the screen. */
export function useAuctionToEdit(id: string | undefined) {
  return useQuery<Auction, ApiError>({
    queryKey: sellingKeys.editable(id ?? ''),
    queryFn: ({ signal }) => getAuction(id!, signal),
    enabled: Boolean(id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
