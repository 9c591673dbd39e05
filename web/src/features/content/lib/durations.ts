import { DURATION_LABELS, parseDurationSeconds } from '@mazad/contracts';
import { formatDuration } from '@/lib/format';

/** An `auctionDuration` value as the create form names it (`24h` → "24 ساعة", `20s` → "20 ثانية"). */
export function durationLabel(value: string): string {
  if (DURATION_LABELS[value]) return DURATION_LABELS[value];
  const seconds = parseDurationSeconds(value);
  return seconds ? formatDuration(seconds) : value;
}

/** "ساعة واحدة، 24 ساعة، 3 أيام، أسبوع أو شهر". */
export function listInArabic(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('، ')} أو ${items[items.length - 1]}`;
}
