/**
 * Numbers as people type them (R-NUMBER-INPUT): one reading of every numeric field — amounts,
 * codes, phones, whole numbers — shared by the web forms, the console and the server's DTOs.
 *
 * What a member may type or paste:
 * - Arabic-Indic (٠-٩) and Persian (۰-۹) digits, read as 0-9;
 * - the decimal point `.` or the Arabic decimal separator `٫` (one at most);
 * - thousands separators: `,`, the Arabic thousands separator `٬`, the Arabic comma `،`, spaces
 *   (also no-break and thin ones) and `'` — only between whole groups of three digits, so
 *   `1,250.500` is 1250.5 and `12,5` (a decimal comma?) is refused rather than guessed;
 * - direction marks (LRM, RLM, ALM, isolates) and spaces anywhere around the number (a copy
 *   from an Arabic page brings them), a leading `+` or minus sign.
 * Never accepted: exponents, `Infinity`, hexadecimal, letters, two decimal separators.
 */

/** Why a text is not a number of the expected kind (the caller words the Arabic message). */
export type NumberRefusal = 'empty' | 'invalid' | 'decimals';

export type NumberReading = { ok: true; value: number } | { ok: false; reason: NumberRefusal };

/** Arabic-Indic (U+0660–U+0669) and extended Arabic-Indic/Persian (U+06F0–U+06F9) digits. */
const EASTERN_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** ٠-٩ and ۰-۹ → 0-9; everything else is kept. */
export function foldDigits(text: string): string {
  return text.replace(EASTERN_DIGIT, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * Direction marks and other invisible format characters a copy carries: LRM, RLM, ALM, the
 * embeddings, overrides and isolates, zero-width spaces and joiners, BOM, soft hyphen.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u061C\uFEFF\u00AD]/g;
/** Spaces inside or around a number (a character class's content): space, no-break, figure, thin, narrow no-break. */
const SPACES = String.raw`\s\u00A0\u2007\u2009\u202F`;
/** Dashes between a phone's or a code's digits: hyphen-minus, the Unicode hyphens and dashes, minus. */
const DASHES = String.raw`\-\u2010-\u2015\u2212`;
const OUTER_SPACES = new RegExp(`^[${SPACES}]+|[${SPACES}]+$`, 'g');
/** What may stand between a code's digits, and between a phone's. */
const CODE_SEPARATORS = new RegExp(`[${SPACES}${DASHES}.]`, 'g');
const PHONE_SEPARATORS = new RegExp(`[${SPACES}${DASHES}.()]`, 'g');

/** The text with its digits folded, direction marks dropped and outer spaces trimmed. */
export function cleanNumberText(text: string): string {
  return foldDigits(text.replace(INVISIBLE, '')).replace(OUTER_SPACES, '');
}

/** Thousands separators: comma, Arabic thousands separator, Arabic comma, apostrophe, spaces. */
const GROUP = String.raw`[,\u066C\u060C'${SPACES}]`;
const NUMBER = new RegExp(
  // sign, whole part (plain digits, or 1–3 digits then groups of three after one separator each),
  // then an optional decimal point (. or ٫) and decimals.
  `^([+\\-\\u2212])?(\\d+|\\d{1,3}(?:${GROUP}\\d{3})+)?(?:[.\\u066B](\\d*))?$`,
);

/**
 * Reads a typed number. `maxDecimals` refuses more decimals than that (trailing zeros do not
 * count: `2.5000` has one), with the reason `decimals`.
 */
export function parseNumber(input: string, { maxDecimals }: { maxDecimals?: number } = {}): NumberReading {
  const text = cleanNumberText(input);
  if (text === '') return { ok: false, reason: 'empty' };
  const match = NUMBER.exec(text);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, sign, whole = '', decimals = ''] = match;
  if (whole === '' && decimals === '') return { ok: false, reason: 'invalid' };
  const digits = `${whole.replace(/\D/g, '') || '0'}.${decimals || '0'}`;
  if (maxDecimals !== undefined && decimals.replace(/0+$/, '').length > maxDecimals)
    return { ok: false, reason: 'decimals' };
  const value = Number(digits) * (sign === '-' || sign === '\u2212' ? -1 : 1);
  return Number.isFinite(value) ? { ok: true, value: value === 0 ? 0 : value } : { ok: false, reason: 'invalid' };
}

/** JOD has 3 decimal places (fils): an amount with more is refused (`decimals`). */
export const JOD_DECIMALS = 3;

/** A typed JOD amount: a number of at most 3 decimals (its sign and range are the field's rule). */
export function parseJod(input: string): NumberReading {
  return parseNumber(input, { maxDecimals: JOD_DECIMALS });
}

/** A typed whole number (a banner's order, a challenge's answer): no decimals at all. */
export function parseWholeNumber(input: string): NumberReading {
  const reading = parseNumber(input, { maxDecimals: 0 });
  return reading.ok || reading.reason !== 'decimals' ? reading : { ok: false, reason: 'invalid' };
}

/**
 * A typed code (the 6-digit verification and reset codes): its digits folded, spaces, dashes and
 * direction marks dropped ("١٢٣ ٤٥٦" and "123-456" are 123456). Other characters are kept, so
 * the code's own rule refuses them.
 */
export function codeDigits(input: string): string {
  return foldDigits(input.replace(INVISIBLE, '')).replace(CODE_SEPARATORS, '');
}

/**
 * A Jordanian mobile number, as stored and sent: `+962` then 9 digits starting 77, 78 or 79
 * (the three mobile networks' prefixes).
 */
export const JORDAN_MOBILE = /^\+9627[789]\d{7}$/;

/** What a phone field shows under itself: the forms it reads. */
// The left-to-right mark keeps the + before the digits inside right-to-left text.
export const PHONE_HINT = 'رقم محمول أردني، مثل 0791234567 أو \u200E+962791234567';
/** What an amount field shows under itself. */
export const JOD_HINT = 'بالدينار، حتى 3 منازل عشرية، مثل 1,250.500';
/** What a code field shows under itself. */
export const CODE_HINT = '6 أرقام، بالأرقام العربية أو الهندية';

/**
 * A phone as typed, in any common Jordanian form, → `+9627XXXXXXXX`: 07XXXXXXXX, 7XXXXXXXX,
 * 9627XXXXXXXX, +9627XXXXXXXX, 009627XXXXXXXX and +962 (0)7XXXXXXXX, with spaces, dashes, dots,
 * parentheses, direction marks and Arabic-Indic or Persian digits anywhere. Null when it is not
 * a Jordanian mobile number (another country, a landline, a digit too many or too few).
 */
export function jordanMobile(input: string): string | null {
  const compact = foldDigits(input.replace(INVISIBLE, '')).replace(PHONE_SEPARATORS, '');
  const match = /^(?:(?:\+|00)?9620?|0)?(7[789]\d{7})$/.exec(compact);
  return match ? `+962${match[1]}` : null;
}

/** A stored phone as people read it: +962791234567 → "+962 79 123 4567"; any other text as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+962(7[789])(\d{3})(\d{4})$/.exec(phone);
  return match ? `+962 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

/** The phone in its stored form when it reads as a Jordanian mobile, else the text trimmed (for the rule to refuse). */
export function phoneInput(input: string): string {
  return jordanMobile(input) ?? input.trim();
}
