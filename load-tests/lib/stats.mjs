/** Percentile of a numeric sample (nearest-rank); 0 for an empty sample. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 10) / 10;
}

export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
