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
import { CAPACITY_RULE, describeRamp } from './ramp.mjs';
import { round } from './stats.mjs';

const TARGETS = ['product', 'reference'];
// Palette slots of lib/report-html.mjs: one colour per measure, whatever the target.
const COLOR = { offered: 7, accepted: 0, rejected: 1, busy: 4, errors: 3, p50: 2, p95: 1, p99: 3, inTime: 2 };
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

/**
 * The ramp second by second: offered against answered within 100 ms (by send time), and each
 * step's p99 drawn over the step's seconds; the steps' starts marked with their rate.
 */
function rampCharts(runs) {
  const ramps = runs.filter(({ run }) => run.ramp);
  if (!ramps.length) return [];
  const longest = ramps.reduce((a, b) => (b.run.ramp.steps.length > a.run.ramp.steps.length ? b : a));
  const markers = longest.run.ramp.steps.map((s) => ({ at: s.startSec, label: `${s.offeredPerSec}/s` }));
  // Each second shows the step it lies in (nothing during the warm-up before the first step).
  const bySecond = (steps, n, pick) =>
    Array.from({ length: n }, (_, i) => {
      const step = steps.findLast((s) => s.startSec <= i);
      return step ? pick(step) : null;
    });
  return [
    ...overlay(
      `Ramp: offered and answered within 100 ms (${CAPACITY_RULE} holds a step)`,
      'bids/s',
      ramps,
      (s) => [
        { label: 'offered', values: s.series.offered, color: COLOR.offered },
        { label: 'answered within 100 ms', values: s.ramp.answeredWithin100msBySecond, color: COLOR.inTime },
      ],
      { markers },
    ),
    ...overlay(
      'Ramp: decided bids p50 / p99 per step',
      'ms',
      ramps,
      (s) =>
        ['p50', 'p99'].map((p) => ({
          label: `${p} of the step`,
          values: bySecond(s.ramp.steps, s.series.x.length, (step) => step.latencyMs[p]),
          color: COLOR[p],
        })),
      { markers },
    ),
  ];
}

/** The ramp's steps side by side: each target's verdict and figures per offered rate. */
function rampTable(runs) {
  const ramps = runs.filter(({ run }) => run.ramp);
  if (!ramps.length) return [];
  const rates = [...new Set(ramps.flatMap(({ run }) => run.ramp.steps.map((s) => s.offeredPerSec)))].sort(
    (a, b) => a - b,
  );
  const cells = (run, rate) => {
    const s = run.ramp.steps.find((step) => step.offeredPerSec === rate);
    return s
      ? [
          s.held ? 'held' : 'failed',
          s.answeredWithin100msPct,
          s.latencyMs.p50,
          s.latencyMs.p99,
          s.acceptedPerSec,
          s.busyPerSec,
          s.errors,
        ]
      : [null, null, null, null, null, null, null];
  };
  const heads = ['', '% within 100 ms', 'p50 (ms)', 'p99 (ms)', 'accepted/s', 'AUCTION_BUSY/s', 'errors'];
  return [
    {
      title: `Ramp steps (capacity: ${ramps.map(({ target, run }) => `${target} ${run.ramp.capacity.limitFound ? '' : '≥ '}${run.ramp.capacity.bidsPerSec} bids/s`).join(', ')})`,
      columns: ['offered bids/s', ...ramps.flatMap(({ target }) => heads.map((h) => `${target} ${h}`.trim()))],
      rows: rates.map((rate) => [rate, ...ramps.flatMap(({ run }) => cells(run, rate))]),
    },
  ];
}

/** The overload's figures against the capacity, per target. */
function overloadTable(runs) {
  const overloads = runs.filter(({ run }) => run.overload);
  if (!overloads.length) return [];
  const rows = [
    ['capacity (bids/s, this target’s ramp)', (o) => o.capacityBidsPerSec],
    ['offered bids/s', (o) => o.offeredPerSec],
    ['answered bids p50 (ms)', (o) => o.answeredLatencyMs.p50],
    ['answered bids p99 (ms)', (o) => o.answeredLatencyMs.p99],
    ['accepted bids/s', (o) => o.acceptedPerSec],
    ['accepted ÷ capacity', (o) => o.acceptedToCapacity],
    ['decided bids/s (accepted + refused by a rule)', (o) => o.decidedPerSec],
    ['decided ÷ capacity', (o) => o.decidedToCapacity],
    ['AUCTION_BUSY/s', (o) => o.busyPerSec],
    ['errors other than AUCTION_BUSY', (o) => o.errors],
    ['invariant violations', (o) => o.invariantViolations],
  ];
  return [
    {
      title: 'Overload',
      columns: ['', ...overloads.map(({ target }) => target)],
      rows: rows.map(([label, get]) => [label, ...overloads.map(({ run }) => get(run.overload) ?? null)]),
    },
  ];
}

function scenarioCharts(scenario, warmupSec) {
  const runs = runsOf(scenario);
  if (!runs.length) return [];
  const anyErrors = runs.some(({ run }) => run.series.errors.some((v) => v > 0));
  const anyBusy = runs.some(({ run }) => run.series.busy?.some((v) => v > 0));
  const codes = [...new Set(runs.flatMap(({ run }) => Object.keys(run.series.rejectedByCode)))].sort();
  const warmup = warmupSec ? [{ at: warmupSec, label: 'end of warm-up' }] : [];
  return [
    ...overlay('Bids per second (offered by send time, outcomes by answer time)', 'bids/s', runs, (s) => [
      { label: 'offered', values: s.series.offered, color: COLOR.offered },
      { label: 'accepted', values: s.series.accepted, color: COLOR.accepted },
      { label: 'refused', values: s.series.rejected, color: COLOR.rejected },
      ...(anyBusy ? [{ label: 'AUCTION_BUSY', values: s.series.busy, color: COLOR.busy }] : []),
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
    ...rampCharts(runs),
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
    ['AUCTION_BUSY/s', (r) => r.bidStorm.busyPerSec],
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

/** The load a scenario offered: one rate, the ramp's steps, or twice each target's capacity (the overload). */
function scenarioLoad({ offeredPerSec, durationSec, watchers, ramp, product, reference }) {
  if (ramp) return `${describeRamp(ramp)}, ${watchers} watchers`;
  if (offeredPerSec != null) return `${offeredPerSec} bids/s offered for ${durationSec} s, ${watchers} watchers`;
  const rates = Object.entries({ product, reference })
    .filter(([, run]) => run)
    .map(([target, run]) => `${target} ${run.overload?.offeredPerSec ?? run.bidStorm.offeredPerSec} bids/s`);
  return `${rates.join(', ')} offered for ${durationSec} s, ${watchers} watchers`;
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
    ...(report.capacity
      ? [
          [
            `capacity (${report.capacity.rule})`,
            [report.capacity, report.capacity.reference]
              .filter(Boolean)
              .map((c, i) => `${i ? 'reference ' : ''}${c.limitFound ? '' : '≥ '}${c.bidsPerSec} bids/s`)
              .join(' · ') +
              (report.capacity.ratioToReference != null ? ` · ratio ${report.capacity.ratioToReference}` : ''),
          ],
        ]
      : []),
  ];
  return {
    title: `Mazad benchmark — ${report.startedAt}`,
    subtitle: `${machine.cpus} CPUs · Node ${machine.node}${config.quick ? ' · quick (smoke) run: short, scaled-down scenarios' : ''}\nProduct: solid lines · reference server: dashed lines, the same colour per measure. Seconds since the scenario's first bid.`,
    charts: [],
    tables: [{ title: 'Run', columns: ['', 'value'], rows: summary }],
    sections: Object.entries(report.scenarios).map(([name, scenario]) => ({
      title: `${name}: ${scenario.about}`,
      subtitle: scenarioLoad(scenario),
      charts: scenarioCharts(scenario, config.warmup),
      tables: runsOf(scenario).length
        ? [scenarioTable(scenario), ...rampTable(runsOf(scenario)), ...overloadTable(runsOf(scenario))]
        : [],
    })),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [json, html = json.replace(/(\.json)?$/, '.html')] = process.argv.slice(2);
  writeHtmlReport(html, benchHtmlReport(JSON.parse(readFileSync(json, 'utf8'))));
  console.log(`Written to ${html}`);
}
