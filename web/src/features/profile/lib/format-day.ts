import { LOCALE, TIME_ZONE, UNDEFINED_DATE } from '@/lib/format';

const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A calendar day in Amman (member since), or "تاريخ غير محدد". */
export function formatDay(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? dayFormat.format(date) : UNDEFINED_DATE;
}
