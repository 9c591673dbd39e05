import { describe, expect, it } from 'vitest';
import { countdownColour, formatRemaining, progressColour, progressPercent } from './countdown';

const MIN = 60_000;

describe('countdown colour', () => {
  it('is red under 5 minutes', () => {
    expect(countdownColour(1000)).toBe('red');
    expect(countdownColour(5 * MIN - 1)).toBe('red');
  });
  it('is orange from 5 to under 15 minutes', () => {
    expect(countdownColour(5 * MIN)).toBe('orange');
    expect(countdownColour(15 * MIN - 1)).toBe('orange');
  });
  it('is yellow from 15 minutes to under an hour', () => {
    expect(countdownColour(15 * MIN)).toBe('yellow');
    expect(countdownColour(60 * MIN - 1)).toBe('yellow');
  });
  it('is normal from an hour and ended at zero', () => {
    expect(countdownColour(60 * MIN)).toBe('normal');
    expect(countdownColour(0)).toBe('ended');
    expect(countdownColour(-5)).toBe('ended');
  });
});

describe('progress', () => {
  it('measures time left against 24 hours, clamped to 0..100', () => {
    expect(progressPercent(12 * 60 * MIN)).toBe(50);
    expect(progressPercent(48 * 60 * MIN)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
  });
  it('changes colour at 50, 25 and 10 percent', () => {
    expect(progressColour(80)).toBe('normal');
    expect(progressColour(50)).toBe('yellow');
    expect(progressColour(26)).toBe('yellow');
    expect(progressColour(25)).toBe('orange');
    expect(progressColour(11)).toBe('orange');
    expect(progressColour(10)).toBe('red');
    expect(progressColour(0)).toBe('red');
  });
});

describe('formatRemaining', () => {
  it('shows days and hours while a day or more is left, a clock in the last day', () => {
    expect(formatRemaining(((2 * 24 + 3) * 60 + 4) * MIN + 5000)).toBe('يومان و3 ساعات');
    expect(formatRemaining(((6 * 24 + 3) * 60 + 4) * MIN + 5000)).toBe('6 أيام و3 ساعات'); // not "6 يوم"
    expect(formatRemaining(((29 * 24 + 3) * 60 + 4) * MIN + 5000)).toBe('29 يوماً و3 ساعات');
    expect(formatRemaining((23 * 60 + 4) * MIN + 5000)).toBe('23:04:05');
    expect(formatRemaining(65_000)).toBe('00:01:05');
    expect(formatRemaining(0)).toBe('انتهى المزاد');
  });
});
