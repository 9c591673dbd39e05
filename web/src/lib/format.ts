/** Display formats: JOD with 3 decimals and Latin digits; Arabic dates in Asia/Amman. */
import { formatJod } from '@mazad/contracts';

export const LOCALE = 'ar-JO-u-ca-gregory-nu-latn';
export const TIME_ZONE = 'Asia/Amman';
export const UNDEFINED_DATE = 'تاريخ غير محدد';
export const UNDEFINED_TIME = 'وقت غير محدد';

/** `1234.5` → `1,234.500 د.أ`. Non-numbers show as 0. */
export function formatMoney(amount: number | string | null | undefined, withCurrency = true): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return formatJod(typeof value === 'number' && Number.isFinite(value) ? value : 0, withCurrency);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A formatter made on first use, then reused: building an Arabic, Amman-time formatter loads
 * locale and time-zone data (tens of milliseconds on a phone), which the pages that show no
 * date (the home grid) should not pay while they start.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options }));
}

const dateTimeFormat = lazyFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFormat = lazyFormat({ hour: '2-digit', minute: '2-digit' });

/** Date and time of day (hour and minute) in Amman, or "تاريخ غير محدد". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : UNDEFINED_DATE;
}

/** Time of day only (e.g. an auction's end), or "وقت غير محدد". */
export function formatTimeOfDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat().format(date) : UNDEFINED_TIME;
}

type DurationUnit = { seconds: number; one: string; two: string; few: string; many: string; hundreds: string };

// Arabic counted nouns: 1 and 2 have their own words; otherwise the last two digits decide:
// 3–10 take the plural, 11–99 the singular accusative, 00–02 (100, 200, 101 …) the singular.
const DURATION_UNITS: DurationUnit[] = [
  { seconds: 86_400, one: 'يوم واحد', two: 'يومين', few: 'أيام', many: 'يوماً', hundreds: 'يوم' },
  { seconds: 3_600, one: 'ساعة واحدة', two: 'ساعتين', few: 'ساعات', many: 'ساعة', hundreds: 'ساعة' },
  { seconds: 60, one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', hundreds: 'دقيقة' },
  { seconds: 1, one: 'ثانية واحدة', two: 'ثانيتين', few: 'ثوانٍ', many: 'ثانية', hundreds: 'ثانية' },
];

/**
 * A whole number of seconds in the largest unit that divides it, in Arabic with Latin digits:
 * `90` → `90 ثانية`, `900` → `15 دقيقة`, `7200` → `ساعتين`, `86400` → `يوم واحد`. For the
 * server's configurable durations (bid extension, archive delays).
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const unit =
    DURATION_UNITS.find((u) => total >= u.seconds && total % u.seconds === 0) ??
    DURATION_UNITS[DURATION_UNITS.length - 1];
  const count = total / unit.seconds;
  if (count === 1) return unit.one;
  if (count === 2) return unit.two;
  const lastTwo = count % 100;
  const noun = lastTwo >= 3 && lastTwo <= 10 ? unit.few : lastTwo >= 11 ? unit.many : unit.hundreds;
  return `${count} ${noun}`;
}
