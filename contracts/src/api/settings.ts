/** Public settings. */

/**
 * GET /api/settings (public): the deployment's configurable numbers, so the web app never
 * hard-codes them. Durations are the `auctionDuration` values the server accepts, in order.
 */
export interface SiteSettings {
  auctionDurations: string[];
  /** Anti-sniping: an accepted bid moves the end to at least bid time + this many seconds. */
  bidExtensionSeconds: number;
  archiveUnsoldAfterSeconds: number;
  archiveSoldAfterSeconds: number;
  /** Operator contact details shown on the static pages (empty strings when not configured). */
  contact: { phone: string; email: string };
}

export type SiteSettingsResult = SiteSettings & { success: true };
