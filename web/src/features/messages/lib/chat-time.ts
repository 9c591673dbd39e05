/**
 * Chat timestamps (R-CHAT-TIME): under 24 hours the time of day, under 48 hours
 * "أمس", otherwise the date. Amman time, Arabic locale, Gregorian calendar, Latin digits.
 */
import { LOCALE, TIME_ZONE } from '@/lib/format';

export const YESTERDAY_LABEL = 'أمس';
const HOUR_MS = 3_600_000;

const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** '' for a missing or invalid date (nothing is better than a wrong one next to a bubble). */
export function formatChatTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return '';
  // A message a little "in the future" (client clock behind the server) is still recent.
  const age = now - time;
  if (age < 24 * HOUR_MS) return timeFormat.format(date);
  if (age < 48 * HOUR_MS) return YESTERDAY_LABEL;
  return dateFormat.format(date);
}
