import { Histogram } from 'prom-client';
import { dashboardQueries } from '../../../test/support/dashboard';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics';

/** Series names the dashboard may read from our processes (histograms through their _bucket, _sum, _count). */
function seriesOfRegistry(): Map<string, string[]> {
  const metrics = new Metrics(
    AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789' }),
  );
  const series = new Map<string, string[]>();
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const { name, labelNames } = metric as unknown as { name: string; labelNames: string[] };
    if (metric instanceof Histogram) {
      series.set(`${name}_bucket`, [...labelNames, 'le']);
      series.set(`${name}_sum`, labelNames);
      series.set(`${name}_count`, labelNames);
    } else series.set(name, labelNames);
  }
  return series;
}

/** Labels every series has once scraped: Prometheus's own, and the compose stack's `service`. */
const TARGET_LABELS = ['instance', 'job', 'service'];

describe('the Grafana dashboard reads metrics the server has', () => {
  const queries = dashboardQueries();

  it('has queries', () => {
    expect(queries.length).toBeGreaterThan(10);
  });

  it('every metric and label its queries select exists in the registry (renaming one fails here)', () => {
    const series = seriesOfRegistry();
    const problems: string[] = [];
    for (const { panel, expr } of queries) {
      for (const [, name, matchers] of expr.matchAll(/\b((?:mazad|nodejs|process)_\w+)(?:\{([^}]*)\})?/g)) {
        const labels = series.get(name);
        if (!labels) {
          problems.push(`${panel}: ${name} is not a metric of the server`);
          continue;
        }
        for (const [, label] of (matchers ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)) {
          if (!labels.includes(label) && !TARGET_LABELS.includes(label))
            problems.push(`${panel}: ${name} has no label ${label}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
