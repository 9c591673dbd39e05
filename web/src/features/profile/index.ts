/** Profiles: the own and the public profile screens (imported by the routes) and the tab names. */
export { parseProfileTab, PROFILE_TAB_LABELS, PROFILE_TABS, type ProfileTab } from './lib/tabs';
export { shortId } from './lib/display';
