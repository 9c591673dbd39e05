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

/** Weekday, day and month (and the year when it is not this one), hour and minute, in parts. */
const endDateFormat = lazyFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
});
const endDateWithYearFormat = lazyFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const yearFormat = lazyFormat({ year: 'numeric' });

/**
 * When something ends, as a person says it (R-TIME-DISPLAY): «الخميس 4 كانون الأول، 5:14 ص», the
 * year added when it is not `now`'s. Month names are the locale's: `ar-JO` gives the Levantine
 * ones (كانون الأول, not ديسمبر) in every engine we ship to (checked in Chromium and Node's ICU).
 * Assembled from `formatToParts` so the order is ours, not the engine's («الخميس، 4 … في 5:14 ص»).
 */
export function formatEndDate(
  value: string | number | Date | null | undefined,
  now: string | number | Date = Date.now(),
): string {
  const date = toDate(value);
  if (!date) return UNDEFINED_DATE;
  const reference = toDate(now);
  const sameYear = reference !== null && yearFormat().format(reference) === yearFormat().format(date);
  const parts = Object.fromEntries(
    (sameYear ? endDateFormat() : endDateWithYearFormat()).formatToParts(date).map((p) => [p.type, p.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const day = [parts.weekday, parts.day, parts.month, sameYear ? undefined : parts.year].filter(Boolean).join(' ');
  const time = `${parts.hour}:${parts.minute}${parts.dayPeriod ? ` ${parts.dayPeriod}` : ''}`;
  return `${day}، ${time}`;
}

/** Date and time of day (hour and minute) in Amman, or "تاريخ غير محدد". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : UNDEFINED_DATE;
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

/**
 * The nouns of a time left, standing alone (nominative: «يومان», not the «يومين» of «بعد يومين»),
 * one and two without the digit: «يوم», «يومان», «3 أيام», «11 يوماً»; «ساعة», «ساعتان», «5 ساعات».
 */
export const TIME_LEFT_NOUNS = {
  day: { one: 'يوم', two: 'يومان', few: 'أيام', many: 'يوماً', other: 'يوم' },
  hour: { one: 'ساعة', two: 'ساعتان', few: 'ساعات', many: 'ساعة', other: 'ساعة' },
} as const satisfies Record<string, ArabicNoun>;

/** One counted part of a duration: the number (null for one and two, said by the word) and its word. */
export interface CountPart {
  count: number | null;
  word: string;
}

/** `count` of `noun` as a part: 1 → «يوم», 2 → «يومان», 5 → 5 «أيام», 11 → 11 «يوماً». */
export function countPart(count: number, noun: ArabicNoun): CountPart {
  const category = (pluralRules ??= new Intl.PluralRules('ar')).select(count);
  if (category === 'one') return { count: null, word: noun.one };
  if (category === 'two') return { count: null, word: noun.two };
  return { count, word: category === 'few' ? noun.few : category === 'many' ? noun.many : noun.other };
}

/** From a day left on, days and hours are shown; below it, a clock that ticks (R-COUNTDOWN). */
export const CLOCK_BELOW_MS = 86_400_000;

/**
 * A time left, in the parts it is shown in: `units` while a day or more is left (days, and hours
 * unless none: «5 أيام و13 ساعة», «يومان»), `clock` in the last day (`hh:mm:ss`, Latin digits),
 * `ended` at zero. Rendered part by part, each isolated (TimeLeft), so right-to-left text never
 * reorders a number away from its word.
 */
export type TimeLeftParts =
  { kind: 'ended' } | { kind: 'units'; units: CountPart[] } | { kind: 'clock'; clock: string };

export function timeLeftParts(remainingMs: number): TimeLeftParts {
  if (!(remainingMs > 0)) return { kind: 'ended' };
  const total = Math.floor(remainingMs / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (remainingMs < CLOCK_BELOW_MS) {
    return {
      kind: 'clock',
      clock: `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`,
    };
  }
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const units = [countPart(days, TIME_LEFT_NOUNS.day)];
  if (hours > 0) units.push(countPart(hours, TIME_LEFT_NOUNS.hour));
  return { kind: 'units', units };
}

/** The joining «و» between the parts of a duration, written attached to the next part. */
export const DURATION_AND = 'و';

/** A time left as plain text in reading order: «5 أيام و13 ساعة», «03:04:05», or `ended`. */
export function formatTimeLeft(remainingMs: number, ended = 'انتهى'): string {
  const parts = timeLeftParts(remainingMs);
  if (parts.kind === 'ended') return ended;
  if (parts.kind === 'clock') return parts.clock;
  return parts.units.map((u) => (u.count === null ? u.word : `${u.count} ${u.word}`)).join(` ${DURATION_AND}`);
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
