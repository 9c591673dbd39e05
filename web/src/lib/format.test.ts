import { describe, expect, it } from 'vitest';
import {
  countOf,
  durationLabel,
  formatDateTime,
  formatAgo,
  formatDuration,
  formatMoney,
  formatEndDate,
  formatTimeLeft,
  NOUNS,
  timeLeftParts,
  UNDEFINED_DATE,
} from './format';

const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

describe('formatMoney', () => {
  it('shows JOD with 3 decimals and Latin digits', () => {
    expect(formatMoney(1234.5)).toBe('1,234.500 د.أ');
    expect(formatMoney(0.25)).toBe('0.250 د.أ');
    expect(formatMoney(10, false)).toBe('10.000');
  });
  it('rounds to the fils and treats non-numbers as 0', () => {
    expect(formatMoney(1.0004)).toBe('1.000 د.أ');
    expect(formatMoney('12.5')).toBe('12.500 د.أ');
    expect(formatMoney(undefined)).toBe('0.000 د.أ');
    expect(formatMoney(Number.NaN)).toBe('0.000 د.أ');
  });
});

describe('formatDateTime', () => {
  it('uses the Gregorian calendar, Latin digits and hour:minute', () => {
    const text = formatDateTime('2025-03-10T09:07:00Z');
    expect(text).toContain('2025');
    expect(text).toMatch(/12:07/); // 09:07 UTC is 12:07 in Amman (UTC+3)
    expect(text).not.toMatch(ARABIC_INDIC_DIGITS);
    expect(text).toMatch(/[\u0600-\u06FF]/); // Arabic month name
  });

  it('shows the date in Amman, not in UTC', () => {
    // 22:30 UTC on the 15th is 01:30 on the 16th in Amman.
    expect(formatDateTime('2025-01-15T22:30:00Z')).toMatch(/\b16\b/);
  });

  it('shows "undefined date" for invalid or missing values', () => {
    expect(formatDateTime('not a date')).toBe(UNDEFINED_DATE);
    expect(formatDateTime(null)).toBe(UNDEFINED_DATE);
    expect(formatDateTime('')).toBe(UNDEFINED_DATE);
    expect(formatEndDate(undefined)).toBe(UNDEFINED_DATE);
  });
});

describe('formatEndDate (R-TIME-DISPLAY)', () => {
  const now = '2025-11-29T10:00:00Z';
  it('says the weekday, day, Levantine month and time in Amman', () => {
    // 02:14 UTC is 05:14 in Amman (UTC+3).
    expect(formatEndDate('2025-12-04T02:14:00Z', now)).toBe('الخميس 4 كانون الأول، 5:14 ص');
    expect(formatEndDate('2025-12-04T14:05:00Z', now)).toBe('الخميس 4 كانون الأول، 5:05 م');
  });
  it('adds the year when the end is in another year', () => {
    expect(formatEndDate('2026-01-02T10:00:00Z', now)).toBe('الجمعة 2 كانون الثاني 2026، 1:00 م');
  });
  it('uses Latin digits', () => {
    expect(formatEndDate('2025-12-24T20:59:00Z', now)).not.toMatch(ARABIC_INDIC_DIGITS);
  });
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('time left (R-COUNTDOWN)', () => {
  it.each([
    // The five auction durations just after their start, then the grammar of each count.
    [30 * DAY - 1000, '29 يوماً و23 ساعة'],
    [7 * DAY - 1000, '6 أيام و23 ساعة'],
    [72 * HOUR - 1000, 'يومان و23 ساعة'],
    [24 * HOUR - 1000, '23:59:59'],
    [HOUR - 1000, '00:59:59'],
    [5 * DAY + 13 * HOUR + 20 * 60_000, '5 أيام و13 ساعة'],
    [DAY, 'يوم'],
    [DAY + HOUR, 'يوم وساعة'],
    [DAY + 2 * HOUR, 'يوم وساعتان'],
    [2 * DAY + 3 * HOUR, 'يومان و3 ساعات'],
    [11 * DAY + 11 * HOUR, '11 يوماً و11 ساعة'],
    [10 * DAY, '10 أيام'],
    [65_000, '00:01:05'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });

  it('ends at zero and below', () => {
    expect(formatTimeLeft(0)).toBe('انتهى');
    expect(formatTimeLeft(-5, 'انتهى المزاد')).toBe('انتهى المزاد');
    expect(timeLeftParts(Number.NaN)).toEqual({ kind: 'ended' });
  });

  it('gives one and two by the word alone, other counts with their number', () => {
    expect(timeLeftParts(2 * DAY + HOUR)).toEqual({
      kind: 'units',
      units: [
        { count: null, word: 'يومان' },
        { count: null, word: 'ساعة' },
      ],
    });
    expect(timeLeftParts(27 * DAY + 18 * HOUR)).toEqual({
      kind: 'units',
      units: [
        { count: 27, word: 'يوماً' },
        { count: 18, word: 'ساعة' },
      ],
    });
  });
});

describe('formatDuration', () => {
  it('names the largest whole unit with Arabic counting words', () => {
    expect(formatDuration(90)).toBe('90 ثانية');
    expect(formatDuration(900)).toBe('15 دقيقة');
    expect(formatDuration(86_400)).toBe('يوم واحد');
    expect(formatDuration(24 * 3600 + 3600)).toBe('25 ساعة');
    expect(formatDuration(7200)).toBe('ساعتين');
    expect(formatDuration(5 * 60)).toBe('5 دقائق');
    expect(formatDuration(3 * 86_400)).toBe('3 أيام');
    expect(formatDuration(30 * 86_400)).toBe('30 يوماً');
    expect(formatDuration(120)).toBe('دقيقتين');
    expect(formatDuration(1)).toBe('ثانية واحدة');
    expect(formatDuration(100 * 60)).toBe('100 دقيقة');
  });
});

describe('countOf: Arabic plurals (Intl.PluralRules)', () => {
  const cases: [number, string, string, string, string][] = [
    // count, days, hours, minutes, bids
    [0, '0 يوم', '0 ساعة', '0 دقيقة', '0 مزايدة'],
    [1, 'يوم واحد', 'ساعة واحدة', 'دقيقة واحدة', 'مزايدة واحدة'],
    [2, 'يومين', 'ساعتين', 'دقيقتين', 'مزايدتان'],
    [3, '3 أيام', '3 ساعات', '3 دقائق', '3 مزايدات'],
    [6, '6 أيام', '6 ساعات', '6 دقائق', '6 مزايدات'],
    [10, '10 أيام', '10 ساعات', '10 دقائق', '10 مزايدات'],
    [11, '11 يوماً', '11 ساعة', '11 دقيقة', '11 مزايدة'],
    [45, '45 يوماً', '45 ساعة', '45 دقيقة', '45 مزايدة'],
    [99, '99 يوماً', '99 ساعة', '99 دقيقة', '99 مزايدة'],
    [100, '100 يوم', '100 ساعة', '100 دقيقة', '100 مزايدة'],
    [102, '102 يوم', '102 ساعة', '102 دقيقة', '102 مزايدة'],
    [103, '103 أيام', '103 ساعات', '103 دقائق', '103 مزايدات'],
    [111, '111 يوماً', '111 ساعة', '111 دقيقة', '111 مزايدة'],
    [1000, '1000 يوم', '1000 ساعة', '1000 دقيقة', '1000 مزايدة'],
  ];
  it.each(cases)('%i', (count, days, hours, minutes, bids) => {
    expect(countOf(count, NOUNS.day)).toBe(days);
    expect(countOf(count, NOUNS.hour)).toBe(hours);
    expect(countOf(count, NOUNS.minute)).toBe(minutes);
    expect(countOf(count, NOUNS.bid)).toBe(bids);
  });

  it('ratings and messages', () => {
    expect(countOf(6, NOUNS.rating)).toBe('6 تقييمات');
    expect(countOf(12, NOUNS.rating)).toBe('12 تقييماً');
    expect(countOf(2, NOUNS.message)).toBe('رسالتان');
    expect(countOf(5, NOUNS.message)).toBe('5 رسائل');
  });
});

describe('duration labels', () => {
  it('uses the Arabic names and names short demo durations', () => {
    expect(durationLabel('24h')).toBe('24 ساعة');
    expect(durationLabel('7d')).toBe('أسبوع');
    expect(durationLabel('20s')).toBe('20 ثانية');
    expect(durationLabel('2m')).toBe('دقيقتين');
  });
});

describe('formatAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatAgo(20_000)).toBe('قبل لحظات');
    expect(formatAgo(5 * 60_000)).toBe('قبل 5 دقائق');
    expect(formatAgo(2 * 3600_000 + 10_000)).toBe('قبل ساعتين');
    expect(formatAgo(3 * 86_400_000)).toBe('قبل 3 أيام');
    expect(formatAgo(-5)).toBe('قبل لحظات');
  });
});
