/** The checks shared by the server's decorators and the web's schemas: one implementation each. */
import { parseNumber } from '../numbers';
import { isReservedName } from '../text';
import type { TextRule } from './rules';

/** `\t`, line breaks and the Unicode line and paragraph separators. */
export const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
/** Bidirectional embeddings, overrides and isolates (they reorder what others read). */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/**
 * Nothing a reader would see: white space, default-ignorable code points (zero-width
 * characters, directional marks, joiners, BOM, soft hyphen, variation selectors), other format
 * characters, combining marks alone, and tatweel.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}\u0640]/gu;
/** Some letter or digit remains once spaces, zero-width characters, marks and tatweel are dropped. */
export const hasVisibleText = (text: string) => /[\p{L}\p{N}]/u.test(text.replace(INVISIBLE, ''));

/** Characters as PostgreSQL counts them (code points, not UTF-16 units). */
export const charCount = (text: string) => Array.from(text).length;

/**
 * What a form, a query string or a JSON body sends as an amount: numbers stay numbers, text is
 * read as people type it (contracts' parseNumber: Arabic-Indic digits, `٫`, thousands
 * separators), `''` and null mean "not given" (undefined), anything else is NaN (not a number).
 * Decimals are not limited here: the amount rule refuses more than 3 with its own message.
 */
export function amountInput(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const reading = parseNumber(value);
  if (reading.ok) return reading.value;
  return reading.reason === 'empty' ? undefined : Number.NaN;
}

/** The checks of a text rule after "required" and "is text", in the server's order. */
export function textChecks(rule: TextRule, isEmail: (text: string) => boolean): [(text: string) => boolean, string][] {
  const m = rule.messages;
  const checks: [(text: string) => boolean, string | undefined][] = [
    [(t) => rule.format !== 'email' || isEmail(t), m.invalid],
    [(t) => !rule.pattern || rule.pattern.test(t), m.invalid],
    [(t) => !rule.singleLine || !LINE_BREAKS.test(t), m.singleLine],
    [(t) => !rule.singleLine || !BIDI_CONTROLS.test(t), m.bidiControls],
    [(t) => !rule.singleLine || hasVisibleText(t), m.noVisibleText],
    [(t) => !rule.min || charCount(t) >= rule.min, m.tooShort],
    [(t) => charCount(t) <= rule.max, m.tooLong],
    [(t) => !rule.reserved || !isReservedName(t), m.reserved],
  ];
  return checks.filter((c): c is [(text: string) => boolean, string] => c[1] !== undefined);
}
