/**
 * The rendered order of every duration (R-COUNTDOWN). jsdom lays nothing out, so what is checked
 * is what decides the visual order in a browser: each part is its own isolate with its direction
 * (a right-to-left «number word» part whose number is a left-to-right isolate; the clock one
 * left-to-right isolate), the parts follow in reading order in the DOM, and the whole reads in
 * logical order. The browser journey (e2e/journeys/s-auction-page.mjs) measures the boxes.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TimeLeft } from './time-left';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function parts(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('[data-part]')].map((el) => ({
    part: el.dataset.part,
    dir: el.getAttribute('dir'),
    tag: el.tagName.toLowerCase(),
    text: el.textContent,
    count: el.querySelector('.time-left__count')?.getAttribute('dir') ?? null,
  }));
}

describe('TimeLeft: every duration as isolated parts in reading order', () => {
  it.each([
    ['30d', 30 * DAY - 1000, '29 يوماً و23 ساعة', ['29 يوماً', '23 ساعة']],
    ['7d', 7 * DAY - 1000, '6 أيام و23 ساعة', ['6 أيام', '23 ساعة']],
    ['72h', 72 * HOUR - 1000, 'يومان و23 ساعة', ['يومان', '23 ساعة']],
    ['days only', 10 * DAY + 5000, '10 أيام', ['10 أيام']],
    ['a day and two hours', DAY + 2 * HOUR, 'يوم وساعتان', ['يوم', 'ساعتان']],
  ])('%s', (_name, ms, text, expected) => {
    const { container } = render(<TimeLeft remainingMs={ms} />);
    expect(container.textContent).toBe(text);
    const found = parts(container);
    expect(found.map((p) => p.text)).toEqual(expected);
    for (const part of found) {
      expect(part.tag).toBe('bdi');
      expect(part.dir).toBe('rtl');
      // A part with a digit isolates it left-to-right inside the right-to-left part.
      expect(part.count).toBe(/\d/.test(part.text ?? '') ? 'ltr' : null);
    }
    // The whole is one right-to-left isolate: the parts keep their order whatever surrounds them.
    expect(container.firstElementChild?.getAttribute('dir')).toBe('rtl');
  });

  it.each([
    ['24h', 24 * HOUR - 1000, '23:59:59'],
    ['1h', HOUR - 1000, '00:59:59'],
  ])('%s: one left-to-right clock', (_name, ms, clock) => {
    const { container } = render(<TimeLeft remainingMs={ms} />);
    expect(parts(container)).toEqual([{ part: 'clock', dir: 'ltr', tag: 'bdi', text: clock, count: null }]);
  });

  it('says the auction ended', () => {
    const { container } = render(<TimeLeft remainingMs={0} />);
    expect(container.textContent).toBe('انتهى المزاد');
    expect(parts(container)).toEqual([]);
  });
});
