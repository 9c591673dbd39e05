import { describe, expect, it } from 'vitest';
import { filsInWords, jodInWords } from './money-words';

describe('jodInWords: a JOD amount as a cheque writes it', () => {
  it.each([
    // The case that cost a member a fortune: a typed 12000 for 1210.
    [12000, 'اثنا عشر ألف دينار'],
    [1210, 'ألف ومئتان وعشرة دنانير'],
    [1200, 'ألف ومئتا دينار'],
    [12010, 'اثنا عشر ألفاً وعشرة دنانير'],
    [2000, 'ألفا دينار'],
    [3000, 'ثلاثة آلاف دينار'],
    [1000, 'ألف دينار'],
    [11000, 'أحد عشر ألف دينار'],
    [150_000, 'مئة وخمسون ألف دينار'],
    [200_000, 'مئتا ألف دينار'],
    [203_000, 'مئتان وثلاثة آلاف دينار'],
    [1_000_000, 'مليون دينار'],
    [2_500_000, 'مليونان وخمسمئة ألف دينار'],
    [100_000_000, 'مئة مليون دينار'],
  ])('%d → %s', (amount, words) => {
    expect(jodInWords(amount)).toBe(words);
  });

  it.each([
    // the counted noun agrees with the last two digits
    [1, 'دينار واحد'],
    [2, 'ديناران'],
    [3, 'ثلاثة دنانير'],
    [10, 'عشرة دنانير'],
    [11, 'أحد عشر ديناراً'],
    [12, 'اثنا عشر ديناراً'],
    [21, 'واحد وعشرون ديناراً'],
    [99, 'تسعة وتسعون ديناراً'],
    [100, 'مئة دينار'],
    [101, 'مئة وواحد دينار'],
    [103, 'مئة وثلاثة دنانير'],
    [150, 'مئة وخمسون ديناراً'],
    [200, 'مئتا دينار'],
    [999, 'تسعمئة وتسعة وتسعون ديناراً'],
    [1001, 'ألف وواحد دينار'],
    [1002, 'ألف واثنان دينار'],
  ])('%d → %s', (amount, words) => {
    expect(jodInWords(amount)).toBe(words);
  });

  it('spells the fils after the dinars, with their own agreement', () => {
    expect(jodInWords(1210.5)).toBe('ألف ومئتان وعشرة دنانير وخمسمئة فلس');
    expect(jodInWords(150.25)).toBe('مئة وخمسون ديناراً ومئتان وخمسون فلساً');
    expect(jodInWords(0.25)).toBe('مئتان وخمسون فلساً');
    expect(jodInWords(0.001)).toBe('فلس واحد');
    expect(jodInWords(0.002)).toBe('فلسان');
    expect(jodInWords(0.005)).toBe('خمسة فلوس');
    expect(jodInWords(0.2)).toBe('مئتا فلس');
    expect(jodInWords(1.001)).toBe('دينار واحد وفلس واحد');
  });

  it('reads zero, and refuses what is not an amount', () => {
    expect(jodInWords(0)).toBe('صفر دينار');
    expect(() => jodInWords(1.0005)).toThrow(RangeError);
    expect(() => jodInWords(Number.NaN)).toThrow(RangeError);
    expect(() => filsInWords(-1)).toThrow(RangeError);
    expect(() => filsInWords(1e18)).toThrow(RangeError);
  });

  it('joins every و to its word', () => {
    for (const amount of [1210.5, 2_500_000, 12010, 999_999.999]) expect(jodInWords(amount)).not.toMatch(/و /);
  });
});
