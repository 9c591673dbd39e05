/** GET /api/auctions/user/{id}/won: the auctions a member won (not yet archived). */
import { path, routes, type Auction, type UserAuctionsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId, listOrEmpty } from './list-or-empty';

export const getWonAuctions = (userId: string, signal?: AbortSignal): Promise<Auction[]> =>
  listOrEmpty(
    async () =>
      (await api.get<UserAuctionsResult>(path(routes.auctions.wonBy, { id: userId }), { silent: true, signal }))
        .auctions,
  );

export function useWonAuctions(id: string | undefined) {
  return useQuery({
    queryKey: profileKeys.won(id ?? ''),
    queryFn: ({ signal }) => getWonAuctions(id!, signal),
    enabled: isMemberId(id),
  });
}
