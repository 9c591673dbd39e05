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

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** Date and time of day (hour and minute) in Amman, or "تاريخ غير محدد". */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : UNDEFINED_DATE;
}

/** Time of day only (e.g. an auction's end), or "وقت غير محدد". */
export function formatTimeOfDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : UNDEFINED_TIME;
}
