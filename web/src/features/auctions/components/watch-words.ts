/** The watchlist's own words (docs/auctions.md, "Watchlist"): never «حفظ», which reads like saving a form. */
export const WATCH_LABEL = 'متابعة';
export const WATCHED_LABEL = 'متابَع';
export const SIGN_IN_TO_WATCH = 'سجّل الدخول لمتابعة المزاد';
