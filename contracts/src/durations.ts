/** Auction durations offered by the create form (`auctionDuration`). */
export const DEFAULT_AUCTION_DURATIONS = ['1h', '24h', '72h', '7d', '30d'] as const;

export const DURATION_LABELS: Record<string, string> = {
  '1h': 'ساعة واحدة',
  '24h': '24 ساعة',
  '72h': '3 أيام',
  '7d': 'أسبوع',
  '30d': 'شهر',
};

/** `timeFilter` values: open auctions that end within the window. */
export const TIME_FILTERS = ['all', '1hour', '1day', '3days', '1week', '1month'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

export const TIME_FILTER_SECONDS: Record<Exclude<TimeFilter, 'all'>, number> = {
  '1hour': 3600,
  '1day': 86_400,
  '3days': 3 * 86_400,
  '1week': 7 * 86_400,
  '1month': 30 * 86_400,
};

export const TIME_FILTER_LABELS: Record<TimeFilter, string> = {
  all: 'كل الأوقات',
  '1hour': 'خلال ساعة',
  '1day': 'خلال يوم',
  '3days': 'خلال 3 أيام',
  '1week': 'خلال أسبوع',
  '1month': 'خلال شهر',
};

/**
 * `sort` values of the auction lists (GET /api/auctions): `newest` the latest listed first;
 * `ending` the auctions that end soonest first; the price orders read the current price.
 */
export const AUCTION_SORTS = ['newest', 'ending', 'price_asc', 'price_desc'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

/**
 * The order of a list that asks for none (and is not a search, which is ranked by relevance):
 * newest first, as the lists were before they could be ordered, so an existing client sees what it
 * always saw and a new listing arrives at the top (R-LIST-ORDER).
 */
export const DEFAULT_AUCTION_SORT: AuctionSort = 'newest';

export const AUCTION_SORT_LABELS: Record<AuctionSort, string> = {
  newest: 'الأحدث',
  ending: 'ينتهي قريباً',
  price_asc: 'السعر: من الأقل',
  price_desc: 'السعر: من الأعلى',
};

/**
 * How long a sold auction stays in the public lists (GET /api/auctions) after its end; a
 * confirmed deal leaves them at once. The server filters by it, the card counts down to it.
 */
export const SOLD_LISTED_FOR_SECONDS = 10 * 60;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Parses a duration such as `90s`, `15m`, `24h` or `7d` into seconds; undefined when malformed. */
export function parseDurationSeconds(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2]];
  return seconds > 0 ? seconds : undefined;
}
