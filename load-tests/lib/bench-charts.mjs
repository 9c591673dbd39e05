/**
 * The bench's picture (results/latest.html): built from the JSON report alone, so any saved
 * latest.json can be drawn again. One section per scenario, the product (solid lines) and the
 * reference (dashed, same colour per measure) overlaid on the same axes, and a table of the run's
 * figures side by side.
 *
 * Drawn again from a saved report: node load-tests/lib/bench-charts.mjs <report.json> [<report.html>]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeHtmlReport } from './report-html.mjs';
import { round } from './stats.mjs';

const TARGETS = ['product', 'reference'];
// Palette slots of lib/report-html.mjs: one colour per measure, whatever the target.
const COLOR = { offered: 7, accepted: 0, rejected: 1, errors: 3, p50: 2, p95: 1, p99: 3 };
const CODE_COLORS = [4, 6, 5, 1, 2, 0];

/** The scenario's runs that have per-second series, longest first fixes the shared x. */
function runsOf(scenario) {
  return TARGETS.filter((t) => scenario[t]?.series).map((target) => ({ target, run: scenario[target] }));
}

/** One chart over both targets: `pick(series)` gives [{ key, label, values, color }] for one target. */
function overlay(title, unit, runs, pick, extra = {}) {
  const n = Math.max(0, ...runs.map(({ run }) => run.series.x.length));
  const x = Array.from({ length: n }, (_, i) => i);
  const series = runs.flatMap(({ target, run }) =>
    pick(run).map(({ label, values, color }) => ({
      label: `${target} ${label}`,
      values: x.map((i) => values?.[i] ?? null),
      color,
      dash: target === 'reference',
    })),
  );
  return series.length ? [{ title, unit, x, series, ...extra }] : [];
}

function scenarioCharts(scenario, warmupSec) {
  const runs = runsOf(scenario);
  if (!runs.length) return [];
  const anyErrors = runs.some(({ run }) => run.series.errors.some((v) => v > 0));
  const codes = [...new Set(runs.flatMap(({ run }) => Object.keys(run.series.rejectedByCode)))].sort();
  const warmup = warmupSec ? [{ at: warmupSec, label: 'end of warm-up' }] : [];
  return [
    ...overlay('Bids per second (offered by send time, outcomes by answer time)', 'bids/s', runs, (s) => [
      { label: 'offered', values: s.series.offered, color: COLOR.offered },
      { label: 'accepted', values: s.series.accepted, color: COLOR.accepted },
      { label: 'refused', values: s.series.rejected, color: COLOR.rejected },
      ...(anyErrors ? [{ label: 'errors', values: s.series.errors, color: COLOR.errors }] : []),
    ]),
    ...(codes.length
      ? overlay('Refused bids per second, by code', 'bids/s', runs, (s) =>
          codes.map((code, i) => ({
            label: code,
            values: s.series.rejectedByCode[code] ?? [],
            color: CODE_COLORS[i % CODE_COLORS.length],
          })),
        )
      : []),
    ...overlay(
      'Bid latency by send time (client side)',
      'ms',
      runs,
      (s) => ['p50', 'p95', 'p99'].map((p) => ({ label: p, values: s.series.latencyMs[p], color: COLOR[p] })),
      { markers: warmup },
    ),
    ...overlay(
      'Commit → watcher latency by arrival time',
      'ms',
      runs.filter(({ run }) => run.series.watcherLatencyMs),
      (s) => ['p50', 'p99'].map((p) => ({ label: p, values: s.series.watcherLatencyMs[p], color: COLOR[p] })),
    ),
  ];
}

/** The figures of a scenario's runs, side by side, with product ÷ reference where both ran. */
function scenarioTable(scenario) {
  const runs = runsOf(scenario);
  const both = runs.length === 2;
  const rows = [
    ['offered bids/s', (r) => r.bidStorm.offeredPerSec],
    ['accepted bids/s', (r) => r.bidStorm.acceptedPerSec],
    ['answered bids/s', (r) => r.bidStorm.answeredPerSec],
    ['refused bids/s', (r) => r.bidStorm.rejectedPerSec],
    ['errors/s', (r) => r.bidStorm.errorsPerSec],
    ['bid latency p50 (ms)', (r) => r.bidStorm.latencyMs.p50],
    ['bid latency p95 (ms)', (r) => r.bidStorm.latencyMs.p95],
    ['bid latency p99 (ms)', (r) => r.bidStorm.latencyMs.p99],
    ['watchers', (r) => r.fanout.watchers, false],
    ['commit → watcher p50 (ms)', (r) => (r.fanout.watchers ? r.fanout.latencyMs.p50 : null)],
    ['commit → watcher p99 (ms)', (r) => (r.fanout.watchers ? r.fanout.latencyMs.p99 : null)],
    ['new_bid bytes (average)', (r) => (r.fanout.watchers ? r.fanout.messageBytes : null)],
    ['new_bid messages/s per replica', (r) => (r.fanout.watchers ? r.fanout.messagesPerSecPerReplica : null)],
    ['invariant violations', (r) => r.invariants.violations, false],
  ];
  return {
    title: 'Figures',
    columns: ['', ...runs.map((r) => r.target), ...(both ? ['product ÷ reference'] : [])],
    rows: rows
      .map(([label, get, hasRatio = true]) => {
        const values = runs.map(({ run }) => get(run) ?? null);
        const ratio = hasRatio && both && values[0] != null && values[1] ? round(values[0] / values[1], 2) : null;
        return [label, ...values, ...(both ? [ratio] : [])];
      })
      .filter((row) => row.slice(1).some((v) => v != null)),
  };
}

/** The HTML report's content (lib/report-html.mjs) for a bench JSON report. */
export function benchHtmlReport(report) {
  const { config, machine, bidStorm } = report;
  const summary = [
    ['targets', config.target],
    ['scenarios', config.scenarios.join(', ')],
    ['bidders', config.bidders],
    ['instances (bid instances)', `${config.instances} (${config.bidInstances})`],
    ['bid transport', config.bidTransport],
    ['warm-up left out of the latency figures (s)', config.warmup],
    [
      'single-writer ceiling (bids/s, one connection)',
      `${bidStorm.dbSingleWriterTps} (${bidStorm.dbSingleWriterTool})`,
    ],
    ['invariant violations (product runs)', report.invariants.violations],
  ];
  return {
    title: `Mazad benchmark — ${report.startedAt}`,
    subtitle: `${machine.cpus} CPUs · Node ${machine.node}${config.quick ? ' · quick (smoke) run: short, scaled-down scenarios' : ''}\nProduct: solid lines · reference server: dashed lines, the same colour per measure. Seconds since the scenario's first bid.`,
    charts: [],
    tables: [{ title: 'Run', columns: ['', 'value'], rows: summary }],
    sections: Object.entries(report.scenarios).map(([name, scenario]) => ({
      title: `${name}: ${scenario.about}`,
      subtitle: `${scenario.offeredPerSec} bids/s offered for ${scenario.durationSec} s, ${scenario.watchers} watchers`,
      charts: scenarioCharts(scenario, config.warmup),
      tables: runsOf(scenario).length ? [scenarioTable(scenario)] : [],
    })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [json, html = json.replace(/(\.json)?$/, '.html')] = process.argv.slice(2);
  writeHtmlReport(html, benchHtmlReport(JSON.parse(readFileSync(json, 'utf8'))));
  console.log(`Written to ${html}`);
}
