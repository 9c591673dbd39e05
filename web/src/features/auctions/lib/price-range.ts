/**
 * The lists' price range as typed: each bound in JOD, read as every amount is (contracts'
 * `parseJod`, R-NUMBER-INPUT: Arabic-Indic digits, the Arabic separators, pasted thousands
 * separators); empty means no bound.
 */
import { parseJod } from '@mazad/contracts';

export type PriceBound = number | null | 'invalid';

export function parsePriceBound(text: string): PriceBound {
  const reading = parseJod(text);
  if (!reading.ok) return reading.reason === 'empty' ? null : 'invalid';
  // A price is never negative (the server refuses it too).
  return reading.value < 0 ? 'invalid' : reading.value;
}

export const PRICE_INVALID = 'أدخل مبلغاً بالدينار، مثل 25 أو 12.500';
export const PRICE_ORDER = 'الحد الأدنى للسعر أكبر من الحد الأعلى';

/** Why a range cannot be applied, or null. */
export function priceRangeError(min: PriceBound, max: PriceBound): string | null {
  if (min === 'invalid' || max === 'invalid') return PRICE_INVALID;
  if (min !== null && max !== null && min > max) return PRICE_ORDER;
  return null;
}
