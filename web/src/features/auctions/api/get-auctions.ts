/** GET /api/auctions: one page of the public list (docs/auctions.md). */
import { path, routes, type Auction, type AuctionList } from '@mazad/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { KEEP_OFFLINE } from '@/lib/query-persistence';
import { serverNow } from '@/lib/server-time';
import { nextSoldLeavesInMs } from '../lib/visibility';
import { auctionKeys, normalizeListParams, type AuctionListParams } from './keys';

const EMPTY_PAGINATION = { page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrev: false };

/** A usable auction: the list drops items lacking `_id` or `title`. */
function isUsable(value: unknown): value is Auction {
  const a = value as Partial<Auction> | null;
  return Boolean(a && typeof a === 'object' && a._id && typeof a.title === 'string' && a.title);
}

/** GET /api/auctions. Failures are not toasted (the lists show their empty state). */
export async function getAuctions(params: AuctionListParams = {}, signal?: AbortSignal): Promise<AuctionList> {
  const query = normalizeListParams(params);
  const result = await api.get<Partial<AuctionList>>(path(routes.auctions.list), {
    query: { ...query, page: params.page },
    silent: true,
    signal,
  });
  return {
    auctions: Array.isArray(result?.auctions) ? result.auctions.filter(isUsable) : [],
    pagination: { ...EMPTY_PAGINATION, ...result?.pagination },
    serverTime: result?.serverTime ?? new Date().toISOString(),
  };
}

/** One page of the list: the screens' hook and the route loaders' prefetch share it; kept for offline use. */
export const auctionsQuery = (params: AuctionListParams = {}) =>
  queryOptions({
    queryKey: auctionKeys.list(params),
    queryFn: ({ signal }) => getAuctions(params, signal),
    meta: KEEP_OFFLINE,
  });

export interface UseAuctionsOptions {
  enabled?: boolean;
}

/**
 * One page of GET /api/auctions. The previous page stays on screen while the next loads
 * (`isPlaceholderData`). Socket events update the cached items (see `useAuctionRoom`); after a
 * socket reconnect the page is read again with every shown query (app/providers.tsx).
 */
export function useAuctions(
  params: AuctionListParams = {},
  options: UseAuctionsOptions = {},
): UseQueryResult<AuctionList> {
  return useQuery({
    ...auctionsQuery(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    // The server drops a sold auction from the lists 10 minutes after its end: the page asks
    // again when the first one shown is due to leave, so it never lingers and the page refills.
    refetchInterval: (query) => nextSoldLeavesInMs(query.state.data?.auctions ?? [], serverNow()) ?? false,
  });
}
