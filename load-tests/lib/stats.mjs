/** Percentile of a numeric sample (nearest-rank); 0 for an empty sample. */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[rank] * 10) / 10;
}

export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * One-second buckets of a run: `values[i]` (or `i` when values is omitted) goes into bucket
 * floor(at[i]), `at` being seconds since the run's start (bucket k holds [k, k+1) s; a sample
 * before 0 goes into bucket 0). `length` buckets, at least through the last sample's second.
 */
export function bucketBySecond(at, values, length = 0) {
  let n = length;
  for (const t of at) n = Math.max(n, Math.floor(t) + 1);
  const buckets = Array.from({ length: n }, () => []);
  at.forEach((t, i) => buckets[Math.max(0, Math.floor(t))].push(values ? values[i] : i));
  return buckets;
}

/** Each bucket's percentile (nearest-rank, as `percentile`); null for a second without samples. */
export const percentileBySecond = (buckets, p) => buckets.map((b) => (b.length ? percentile(b, p) : null));

/**
 * One-second buckets of samples gathered in order without a timestamp each (the watchers' hot
 * path), their arrival known from marks [epoch ms, samples gathered by then] taken at a steady
 * interval: the samples a mark is the first to count are placed at its time (late by at most the
 * interval). `origin`: the run's start, epoch ms.
 */
export function bucketByMarks(values, marks, origin) {
  const buckets = [];
  let from = 0;
  for (const [t, count] of marks) {
    if (count <= from) continue;
    const k = Math.max(0, Math.floor((t - origin) / 1000));
    while (buckets.length <= k) buckets.push([]);
    for (let i = from; i < count; i++) buckets[k].push(values[i]);
    from = count;
  }
  return buckets;
}
