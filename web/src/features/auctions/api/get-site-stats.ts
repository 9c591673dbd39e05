/** GET /api/stats: the four tiles of the home page. */
import { path, routes, type SiteStats } from '@mazad/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { KEEP_OFFLINE } from '@/lib/query-persistence';
import { auctionKeys } from './keys';

/** Failures are not toasted (the tiles show 0). */
export async function getSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  const r = await api.get<Partial<SiteStats>>(path(routes.auctions.siteStats), { silent: true, signal });
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    totalAuctions: n(r?.totalAuctions),
    activeAuctions: n(r?.activeAuctions),
    soldAuctions: n(r?.soldAuctions),
    totalBids: n(r?.totalBids),
  };
}

export const siteStatsQuery = () =>
  queryOptions({
    queryKey: auctionKeys.siteStats(),
    queryFn: ({ signal }) => getSiteStats(signal),
    staleTime: 30_000,
    meta: KEEP_OFFLINE,
  });

/** The four tiles. Failures leave the data undefined (logged only). */
export function useSiteStats(): UseQueryResult<SiteStats> {
  return useQuery(siteStatsQuery());
}
