/** GET /api/banners: the announcement strip. */
import { path, routes, type Banner, type BannersResult } from '@mazad/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { KEEP_OFFLINE } from '@/lib/query-persistence';
import { auctionKeys } from './keys';

/** Banners change rarely: a cached strip stays fresh 5 minutes. */
export const BANNERS_STALE_MS = 5 * 60_000;

/** The active banners in display order. Failures are only logged (no banner). */
export async function getBanners(signal?: AbortSignal): Promise<Banner[]> {
  const r = await api.get<Partial<BannersResult>>(path(routes.content.banners), { silent: true, auth: false, signal });
  const banners = Array.isArray(r?.banners) ? r.banners : [];
  return banners
    .filter((b) => b && b.isActive !== false && typeof b.text === 'string' && b.text.trim())
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** The strip: the screen's hook and the home route's prefetch share it. */
export const bannersQuery = () =>
  queryOptions({
    queryKey: auctionKeys.banners(),
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: BANNERS_STALE_MS,
    meta: KEEP_OFFLINE,
  });

export function useBanners(): UseQueryResult<Banner[]> {
  return useQuery(bannersQuery());
}
