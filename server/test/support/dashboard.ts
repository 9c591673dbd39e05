import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/config/app-config';

/** The Grafana dashboard of docker/observability (docs/observability.md). */
const DASHBOARD = join(REPO_ROOT, 'docker', 'observability', 'grafana', 'dashboards', 'mazad.json');

interface Panel {
  title?: string;
  targets?: { expr: string }[];
  panels?: Panel[];
}

/** Every PromQL query of the dashboard, with the panel it belongs to. */
export function dashboardQueries(): { panel: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const walk = (panels: Panel[]): { panel: string; expr: string }[] =>
    panels.flatMap((p) => [
      ...(p.targets ?? []).map((t) => ({ panel: p.title ?? '', expr: t.expr })),
      ...walk(p.panels ?? []),
    ]);
  return walk(dashboard.panels);
}
