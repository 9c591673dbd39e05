import { describe, expect, it } from 'vitest';
import { parsePriceBound, PRICE_INVALID, PRICE_ORDER, priceRangeError } from './price-range';

describe('price range', () => {
  it('reads amounts as people type them', () => {
    expect(parsePriceBound('')).toBeNull();
    expect(parsePriceBound('  ')).toBeNull();
    expect(parsePriceBound('25')).toBe(25);
    expect(parsePriceBound('12.5')).toBe(12.5);
    expect(parsePriceBound('١٢٫٥')).toBe(12.5);
    expect(parsePriceBound('1,250.500')).toBe(1250.5);
    expect(parsePriceBound('۳۰')).toBe(30);
  });

  it('refuses what is not an amount in JOD', () => {
    expect(parsePriceBound('abc')).toBe('invalid');
    expect(parsePriceBound('-5')).toBe('invalid');
    expect(parsePriceBound('1.2345')).toBe('invalid');
  });

  it('explains a range that cannot be applied', () => {
    expect(priceRangeError(10, 50)).toBeNull();
    expect(priceRangeError(null, 50)).toBeNull();
    expect(priceRangeError(60, 50)).toBe(PRICE_ORDER);
    expect(priceRangeError('invalid', null)).toBe(PRICE_INVALID);
  });
});
