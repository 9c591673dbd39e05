/** GET /api/auctions/user/{id}: a member's own auctions (optionally of one status). */
import { path, routes, type Auction, type UserAuctionsResult } from '@mazad/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from './keys';
import { isMemberId, listOrEmpty } from './list-or-empty';

export const getUserAuctions = (userId: string, status?: string, signal?: AbortSignal): Promise<Auction[]> =>
  listOrEmpty(
    async () =>
      (
        await api.get<UserAuctionsResult>(path(routes.auctions.bySeller, { id: userId }), {
          silent: true,
          signal,
          query: { status },
        })
      ).auctions,
  );

export function useUserAuctions(id: string | undefined, status?: string) {
  return useQuery({
    queryKey: profileKeys.auctions(id ?? '', status),
    queryFn: ({ signal }) => getUserAuctions(id!, status, signal),
    enabled: isMemberId(id),
  });
}
