/** Reading a process's /metrics (Prometheus text format) in tests. */
import { TEST_METRICS_TOKEN } from './test-app';

/** The text of `GET /metrics` on the metrics port, with the bearer token Prometheus sends. */
export async function scrapeMetrics(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}`);
  return res.text();
}

/** `{a="x",b="y"}` → { a: 'x', b: 'y' } (label values in our metrics carry no quotes or commas). */
function labelsOf(text: string | undefined): Record<string, string> {
  if (!text) return {};
  return Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

/**
 * The sum of the samples of `name` whose labels include `labels` (0 when there is none), so a
 * test reads a counter by the labels it cares about whatever the others are.
 */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = labelsOf(match[2]);
    if (Object.entries(labels).every(([k, v]) => (own[k] ?? '') === v)) sum += Number(match[3]);
  }
  return sum;
}
