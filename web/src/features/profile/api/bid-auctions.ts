/** GET /api/auctions/user/{id}/bids: the auctions a member bid on. */
import { path, routes, type UserBidAuction, type UserBidAuctionsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId, listOrEmpty } from './list-or-empty';

export const getBidAuctions = (userId: string, signal?: AbortSignal): Promise<UserBidAuction[]> =>
  listOrEmpty(
    async () =>
      (await api.get<UserBidAuctionsResult>(path(routes.auctions.bidOnBy, { id: userId }), { silent: true, signal }))
        .auctions,
  );

export function useBidAuctions(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.bids(id ?? ''),
    queryFn: ({ signal }) => getBidAuctions(id!, signal),
    enabled: isMemberId(id),
  });
}
