import { describe, expect, it } from 'vitest';
import { formatChatTime, YESTERDAY_LABEL } from './chat-time';

// 2025-03-10 12:00 UTC = 15:00 in Amman (UTC+3).
const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

describe('formatChatTime (R-CHAT-TIME)', () => {
  it('shows the time of day in Amman, Latin digits, under 24 hours', () => {
    expect(formatChatTime('2025-03-10T11:05:00.000Z', NOW)).toMatch(/02:05/);
    expect(formatChatTime(hoursAgo(23.9), NOW)).not.toBe(YESTERDAY_LABEL);
    expect(formatChatTime(hoursAgo(23.9), NOW)).toMatch(/^\D*\d{2}:\d{2}\D*$/);
  });

  it('shows أمس from 24 to just under 48 hours', () => {
    expect(formatChatTime(hoursAgo(24), NOW)).toBe(YESTERDAY_LABEL);
    expect(formatChatTime(hoursAgo(47.9), NOW)).toBe(YESTERDAY_LABEL);
  });

  it('shows the Gregorian date from 48 hours on', () => {
    const text = formatChatTime('2025-03-01T09:00:00.000Z', NOW);
    expect(text).toContain('2025');
    expect(text).toContain('1');
    expect(text).not.toMatch(/:\d{2}/);
    expect(formatChatTime(hoursAgo(48), NOW)).toContain('2025');
  });

  it('uses the Amman calendar day, not UTC', () => {
    // 22:30 UTC on 28 Feb is 01:30 on 1 March in Amman.
    expect(formatChatTime('2025-02-28T22:30:00.000Z', NOW)).toMatch(/(^|\D)1(\D|$)/);
  });

  it('treats a slightly future time (clock drift) as recent and invalid input as empty', () => {
    expect(formatChatTime(new Date(NOW + 5_000), NOW)).toMatch(/\d{2}:\d{2}/);
    expect(formatChatTime('not a date', NOW)).toBe('');
    expect(formatChatTime(null, NOW)).toBe('');
  });
});
