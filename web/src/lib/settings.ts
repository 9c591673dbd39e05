/**
 * The server's configurable numbers, from one public call (`GET /api/settings`): the auction
 * durations a seller may pick, the anti-sniping extension, the archive delays and the
 * operator's contact details. They change only when the server restarts, so the app reads them
 * once per visit and every screen shares that copy. Nothing here has a built-in default:
 * until the answer arrives, screens show their loading state (or leave the figure out).
 *
 *   const { data: settings } = useSettings();
 *   settings?.bidExtensionSeconds
 */
import { path, routes, type SiteSettings, type SiteSettingsResult } from '@mazad/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from './api-client';

export type { SiteSettings };

export const settingsQueryKey = ['settings'] as const;

/** GET /api/settings without the `success` flag. Not toasted: each screen decides what a failure means. */
export async function getSettings(signal?: AbortSignal): Promise<SiteSettings> {
  const { auctionDurations, bidExtensionSeconds, archiveUnsoldAfterSeconds, archiveSoldAfterSeconds, contact } =
    await api.get<SiteSettingsResult>(path(routes.system.settings), { silent: true, signal });
  return { auctionDurations, bidExtensionSeconds, archiveUnsoldAfterSeconds, archiveSoldAfterSeconds, contact };
}

/** The settings' query (key, fetcher, kept for the whole visit): the hook's, and a route loader's prefetch. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** The site settings, fetched once and kept for the whole visit. */
export function useSettings(): UseQueryResult<SiteSettings> {
  return useQuery(settingsQuery());
}
