/**
 * The lists' price range as typed: each bound in JOD, Arabic-Indic or Latin digits, the Arabic
 * decimal separator or a point, thousands separators ignored; empty means no bound.
 * (A stop-gap for the one amount parser of contracts: replace `parsePriceBound`'s body with it.)
 */
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

export type PriceBound = number | null | 'invalid';

export function parsePriceBound(text: string): PriceBound {
  const plain = text
    .trim()
    .replace(DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/[٬,\s]/g, '')
    .replace('٫', '.');
  if (plain === '') return null;
  if (!/^\d+(\.\d{1,3})?$/.test(plain)) return 'invalid';
  return Number(plain);
}

export const PRICE_INVALID = 'أدخل مبلغاً بالدينار، مثل 25 أو 12.500';
export const PRICE_ORDER = 'الحد الأدنى للسعر أكبر من الحد الأعلى';

/** Why a range cannot be applied, or null. */
export function priceRangeError(min: PriceBound, max: PriceBound): string | null {
  if (min === 'invalid' || max === 'invalid') return PRICE_INVALID;
  if (min !== null && max !== null && min > max) return PRICE_ORDER;
  return null;
}
