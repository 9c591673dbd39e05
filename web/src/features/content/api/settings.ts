/**
 * The deployment's numbers (durations, bid extension, archive delays, contact details) from
 * GET /api/settings. A thin query of this feature until the shared `useSettings()` of
 * web/src/lib/settings.ts exists; the static pages fall back to the product defaults (the
 * values of 00-product.md) while it loads or when it fails, so they never show an empty gap.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_AUCTION_DURATIONS, type SiteSettings, type SiteSettingsResult } from '@mazad/contracts';
import { api } from '@/lib/api-client';

export const SETTINGS_PATH = '/api/settings';

export const DEFAULT_SETTINGS: SiteSettings = {
  auctionDurations: [...DEFAULT_AUCTION_DURATIONS],
  bidExtensionSeconds: 90,
  archiveUnsoldAfterSeconds: 15 * 60,
  archiveSoldAfterSeconds: 24 * 3600,
  contact: { phone: '', email: '' },
};

export function useSiteSettings(): SiteSettings {
  const { data } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.get<SiteSettingsResult>(SETTINGS_PATH, { silent: true }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? DEFAULT_SETTINGS;
}
