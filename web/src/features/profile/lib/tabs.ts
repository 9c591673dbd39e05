/** The profile's tabs (R-PROFILE-TABS) and their place in the URL (`/profile?tab=…`). */
import type { ProfileTab } from '@/config/paths';

export type { ProfileTab };

export const PROFILE_TABS: readonly ProfileTab[] = [
  'profile',
  'auctions',
  'bids',
  'watchlist',
  'ratings',
  'won',
  'unsold',
  'archived-unsold',
];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  profile: 'الملف الشخصي',
  auctions: 'مزاداتي',
  bids: 'مزايداتي',
  watchlist: 'قائمة المتابعة',
  ratings: 'التقييمات',
  won: 'المزادات الفائزة',
  unsold: 'غير المباعة',
  'archived-unsold': 'غير المباعة المؤرشفة',
};

export const DEFAULT_PROFILE_TAB: ProfileTab = 'profile';

/** The tab a `tab` query value names; anything else (missing, unknown) is the profile tab. */
export function parseProfileTab(value: string | null | undefined): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : DEFAULT_PROFILE_TAB;
}

/** The next tab for an arrow key in a right-to-left tab list (ArrowLeft moves forward). */
export function tabForKey(current: ProfileTab, key: string): ProfileTab | null {
  const index = PROFILE_TABS.indexOf(current);
  const last = PROFILE_TABS.length - 1;
  switch (key) {
    case 'ArrowLeft':
      return PROFILE_TABS[index === last ? 0 : index + 1];
    case 'ArrowRight':
      return PROFILE_TABS[index === 0 ? last : index - 1];
    case 'Home':
      return PROFILE_TABS[0];
    case 'End':
      return PROFILE_TABS[last];
    default:
      return null;
  }
}
