import { FILS_PER_JOD } from '@mazad/contracts';

/**
 * A sum of fils from PostgreSQL (`sum(bigint)` is `numeric`, delivered as a string) → JOD.
 * Parsed with BigInt and written as the exact decimal `whole.fff`, so the result is the double
 * nearest to the true amount: no detour through a fils double, which loses units past 2^53
 * (`Number(text) / 1000`). Prices are capped (LIMITS.maxPriceJod), so real sums stay exact.
 */
export function filsSumToJod(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const fils = BigInt(typeof value === 'number' ? Math.trunc(value) : String(value).split('.')[0]);
  const negative = fils < 0n;
  const abs = negative ? -fils : fils;
  const per = BigInt(FILS_PER_JOD);
  const text = `${abs / per}.${String(abs % per).padStart(3, '0')}`;
  return (negative ? -1 : 1) * Number(text);
}
