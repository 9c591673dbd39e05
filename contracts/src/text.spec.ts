import { describe, expect, it } from 'vitest';
import {
  matchesSearch,
  normalizeArabic,
  searchAlternatives,
  searchLexemes,
  searchQuery,
  searchStem,
  searchWords,
} from './text';

describe('normalizeArabic', () => {
  it('folds letter variants, digits and case, and drops harakat and tatweel', () => {
    expect(normalizeArabic('سيّارة مُرسيـــدس')).toBe('سياره مرسيدس');
    expect(normalizeArabic('أإآٱ ةى')).toBe('اااا هي');
    expect(normalizeArabic('ی ک')).toBe('ي ك');
    expect(normalizeArabic('موديل ٢٠١٨ و۱۳')).toBe('موديل 2018 و13');
    expect(normalizeArabic('iPhone')).toBe('iphone');
  });
});

describe('searchWords', () => {
  it('splits on anything but letters and digits', () => {
    expect(searchWords('شقة للإيجار، السنوي! في «عبدون» (٣ غرف) iPhone-13 Café')).toEqual([
      'شقه',
      'للايجار',
      'السنوي',
      'في',
      'عبدون',
      '3',
      'غرف',
      'iphone',
      '13',
      'café',
    ]);
    expect(searchWords('ـ َ ـ %')).toEqual([]);
  });
});

describe('searchStem (R-SEARCH: leading clitics)', () => {
  it.each([
    // the definite article and the forms that carry it
    ['السياره', 'سياره'],
    ['بالسياره', 'سياره'],
    ['والسياره', 'سياره'],
    ['فالسياره', 'سياره'],
    ['كالجديد', 'جديد'],
    ['للبيع', 'بيع'],
    ['للايجار', 'ايجار'],
    ['وللبيع', 'بيع'],
    ['وبالتقسيط', 'تقسيط'],
    ['الاب', 'اب'],
    // one-letter conjunctions and prepositions, 3 letters left at least
    ['وشقه', 'شقه'],
    ['بحاله', 'حاله'],
    ['بسعر', 'سعر'],
    ['لبيع', 'بيع'],
    ['كجديد', 'جديد'],
    ['وبسعر', 'سعر'],
    // ف alone leaves 4 letters at least
    ['فالمزاد', 'مزاد'],
    ['فسياره', 'سياره'],
  ])('%s → %s', (word, stem) => {
    expect(searchStem(word)).toBe(stem);
  });

  it.each([
    'بيت', // ب + 2 letters
    'باب',
    'اله', // آلة
    'الم',
    'فكره', // فكرة: ف needs 4 letters after it
    'فيلا',
    'فرشه',
    'فرن',
    'ولد',
    'كلب',
    'لحم',
    'بحر',
    'سياره',
    'عبدون',
    '2018',
    'iphone',
  ])('keeps %s whole', (word) => {
    expect(searchStem(word)).toBe(word);
  });

  it('strips at most one prefix and keeps the word beside its stem', () => {
    // وال leaves one letter, so و is the prefix: والد → الد, and والد itself is still indexed.
    expect(searchStem('والد')).toBe('الد');
    expect(searchLexemes('والد')).toEqual(new Set(['والد', 'الد']));
    expect(searchLexemes('كتاب')).toEqual(new Set(['كتاب', 'تاب']));
  });
});

describe('searchQuery', () => {
  it('asks for every word, as itself, its stem or the start of a longer word', () => {
    expect(searchQuery('شقة عبدون')).toBe("('شقه' | 'شقه':*) & ('عبدون' | 'عبدون':*)");
    expect(searchQuery('الشقة')).toBe("('الشقه' | 'شقه' | 'الشقه':*)");
    expect(searchQuery('ايفون ١٣')).toBe("('ايفون' | 'ايفون':*) & ('13')");
    expect(searchQuery('في')).toBe("('في')");
    expect(searchQuery('شقة شقة')).toBe("('شقه' | 'شقه':*)");
  });

  it('is null when nothing searchable was typed', () => {
    for (const text of ['', '  ', 'ـــ', 'ًٌٍ', '%', '_', '«»']) expect(searchQuery(text)).toBeNull();
  });
});

describe('matchesSearch', () => {
  const listing = 'شقة للإيجار السنوي في عبدون — ٣ غرف، بحالة ممتازة وبسعر مناسب. موديل البناء 2018';
  it.each([
    'شقة عبدون',
    'عبدون شقة',
    'الشقة في عبدون',
    'شقه للايجار',
    'إيجار',
    'الإيجار',
    'بالإيجار',
    'حالة ممتازة',
    'سعر',
    '3 غرف',
    '٣ غرف',
    '٢٠١٨',
    'عبد',
    'سنوي',
  ])('finds the listing by %j', (text) => {
    expect(matchesSearch(listing, text)).toBe(true);
  });

  it.each(['شقة جبل عمان', 'فيلا', '201', '2', 'غر', ''])('does not find it by %j', (text) => {
    expect(matchesSearch(listing, text)).toBe(false);
  });

  it('a stripped stem may find another word, which ranking puts below the whole word', () => {
    expect(matchesSearch('كتاب قديم', 'تاب')).toBe(true);
    expect(matchesSearch('فكرة جديدة', 'كرة')).toBe(false);
  });
});

describe('searchAlternatives', () => {
  it('swaps the letters people confuse, one word at a time', () => {
    expect(searchAlternatives('مسؤول مبيعات')).toEqual(['مسوول مبيعات', 'مسئول مبيعات', 'مبيعات', 'مسؤول']);
    expect(searchAlternatives('نظارة شمسية')).toEqual(['نضارة شمسية', 'شمسية', 'نظارة']);
  });

  it('offers the word without «ال» and the search with a word left out', () => {
    expect(searchAlternatives('الشقة عبدون')).toEqual(['شقة عبدون', 'عبدون', 'الشقة']);
  });

  it('offers nothing that looks for the same thing, and nothing for a search of nothing', () => {
    expect(searchAlternatives('سيارة')).toEqual([]);
    expect(searchAlternatives('سيارة سيارة')).toEqual([]);
    expect(searchAlternatives('ـــ')).toEqual([]);
  });

  it('stops at the limit', () => {
    expect(searchAlternatives('ضوء ظل ذهب زيت', 3)).toHaveLength(3);
  });
});
