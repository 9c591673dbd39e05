/**
 * Money: JOD has 3 decimal places (fils). Amounts travel as JSON numbers in JOD with at most
 * 3 decimals and are stored as integer fils; never do arithmetic on JOD floats.
 */
export const FILS_PER_JOD = 1000;

/** JOD amount → integer fils; undefined when it is not a finite number with ≤ 3 decimals. */
export function jodToFils(jod: number): number | undefined {
  if (typeof jod !== 'number' || !Number.isFinite(jod)) return undefined;
  const fils = Math.round(jod * FILS_PER_JOD);
  // Reject more than 3 decimals: 1.0005 would silently round otherwise.
  if (Math.abs(fils - jod * FILS_PER_JOD) > 1e-6 * Math.max(1, Math.abs(jod))) return undefined;
  if (!Number.isSafeInteger(fils)) return undefined;
  return fils;
}

export function filsToJod(fils: number): number {
  return fils / FILS_PER_JOD;
}

/** One formatter for every call: building an Intl formatter costs far more than formatting. */
let jodFormat: Intl.NumberFormat | undefined;

/** `1234.5` → `1,234.500 د.أ` (Latin digits, 3 decimals). */
export function formatJod(jod: number, withCurrency = true): string {
  jodFormat ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const text = jodFormat.format(jod);
  return withCurrency ? `${text} د.أ` : text;
}
