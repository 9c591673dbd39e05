/** GET /api/auctions/{id}: one auction, with up to 100 bids (the server counts a view). */
import { path, routes, type Auction } from '@mazad/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { takeEarlyRead } from '@/lib/early-read';
import { KEEP_OFFLINE } from '@/lib/query-persistence';
import { REREAD_BY_ROOM } from '@/lib/socket-connection';
import { auctionKeys } from './keys';

/**
 * Not toasted: the screen that reads it shows its own message. The first read of a page opened
 * at its address takes over the read index.html started (lib/early-read.ts).
 */
export async function getAuction(id: string, signal?: AbortSignal): Promise<Auction> {
  const url = path(routes.auctions.get, { id });
  return (await takeEarlyRead<Auction>(url)) ?? api.get<Auction>(url, { silent: true, signal });
}

/**
 * The detail copy: the page's hook and the route loader's prefetch share it; never retried. Its
 * room re-reads it once joined (use-auction-room.ts), so a socket connection does not; kept on
 * the device for offline use.
 */
export const auctionQuery = (id: string) =>
  queryOptions({
    queryKey: auctionKeys.detail(id),
    queryFn: ({ signal }) => getAuction(id, signal),
    retry: false,
    meta: { ...REREAD_BY_ROOM, ...KEEP_OFFLINE },
  });

export interface UseAuctionOptions {
  enabled?: boolean;
}

/** The auction page's copy. Errors are not toasted: the screen decides (detail page: toast + redirect). */
export function useAuction(id: string | undefined, options: UseAuctionOptions = {}): UseQueryResult<Auction> {
  return useQuery({ ...auctionQuery(id ?? ''), enabled: Boolean(id) && (options.enabled ?? true) });
}
