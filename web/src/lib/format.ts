/** Display formats: JOD with 3 decimals and Latin digits; Arabic dates in Asia/Amman. */
import { DURATION_LABELS, formatJod, parseDurationSeconds } from '@mazad/contracts';

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

/**
 * A counted noun's Arabic forms: `one` and `two` stand without the digit ("يوم واحد", "يومين");
 * `few` follows 3–10 (and 103–110 …), `many` 11–99 (and 111–199 …), `other` 0 and 100–102 (…).
 * Which form a number takes is decided by the CLDR rules (`Intl.PluralRules('ar')`).
 */
export interface ArabicNoun {
  one: string;
  two: string;
  few: string;
  many: string;
  other: string;
}

/** The nouns the app counts. Two days/hours… are in the form sentences use ("بعد يومين"). */
export const NOUNS = {
  day: { one: 'يوم واحد', two: 'يومين', few: 'أيام', many: 'يوماً', other: 'يوم' },
  hour: { one: 'ساعة واحدة', two: 'ساعتين', few: 'ساعات', many: 'ساعة', other: 'ساعة' },
  minute: { one: 'دقيقة واحدة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' },
  second: { one: 'ثانية واحدة', two: 'ثانيتين', few: 'ثوانٍ', many: 'ثانية', other: 'ثانية' },
  bid: { one: 'مزايدة واحدة', two: 'مزايدتان', few: 'مزايدات', many: 'مزايدة', other: 'مزايدة' },
  rating: { one: 'تقييم واحد', two: 'تقييمان', few: 'تقييمات', many: 'تقييماً', other: 'تقييم' },
  message: { one: 'رسالة واحدة', two: 'رسالتان', few: 'رسائل', many: 'رسالة', other: 'رسالة' },
} as const satisfies Record<string, ArabicNoun>;

let pluralRules: Intl.PluralRules | undefined;

/** `count` with its noun in the form Arabic gives that number: `6` days → `6 أيام`, `11` → `11 يوماً`, `2` → `يومين`. */
export function countOf(count: number, noun: ArabicNoun): string {
  const category = (pluralRules ??= new Intl.PluralRules('ar')).select(count);
  if (category === 'one') return noun.one;
  if (category === 'two') return noun.two;
  const form = category === 'few' ? noun.few : category === 'many' ? noun.many : noun.other;
  return `${count} ${form}`;
}

const DURATION_UNITS: { seconds: number; noun: ArabicNoun }[] = [
  { seconds: 86_400, noun: NOUNS.day },
  { seconds: 3_600, noun: NOUNS.hour },
  { seconds: 60, noun: NOUNS.minute },
  { seconds: 1, noun: NOUNS.second },
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
  return countOf(total / unit.seconds, unit.noun);
}

/**
 * An `auctionDuration` value as the site names it: `24h` → "24 ساعة", `7d` → "أسبوع";
 * deployments may allow short demo durations such as `20s` (→ "20 ثانية").
 */
export function durationLabel(duration: string): string {
  if (DURATION_LABELS[duration]) return DURATION_LABELS[duration];
  const seconds = parseDurationSeconds(duration);
  return seconds === undefined ? duration : formatDuration(seconds);
}

/**
 * How long ago something happened, as Arabic says it: "قبل لحظات" under a minute, then
 * "قبل 5 دقائق", "قبل ساعتين", "قبل 3 أيام" (the largest whole unit).
 */
export function formatAgo(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  if (seconds < 60) return 'قبل لحظات';
  const unit = DURATION_UNITS.find((u) => seconds >= u.seconds) ?? DURATION_UNITS[DURATION_UNITS.length - 1];
  return `قبل ${countOf(Math.floor(seconds / unit.seconds), unit.noun)}`;
}
