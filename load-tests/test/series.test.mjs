import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchHtmlReport } from '../lib/bench-charts.mjs';
import { stormSeries } from '../lib/bid-storm.mjs';
import { renderHtmlReport } from '../lib/report-html.mjs';
import { bucketByMarks, bucketBySecond, percentileBySecond } from '../lib/stats.mjs';

test('bucketBySecond: bucket k holds [k, k+1) s, before 0 goes into 0, length at least as asked', () => {
  const at = [0, 0.999, 1, 2.5, -0.2, 4];
  assert.deepEqual(bucketBySecond(at), [[0, 1, 4], [2], [3], [], [5]]);
  assert.deepEqual(bucketBySecond(at, ['a', 'b', 'c', 'd', 'e', 'f']), [['a', 'b', 'e'], ['c'], ['d'], [], ['f']]);
  assert.equal(bucketBySecond([0.5], null, 3).length, 3, 'padded to the length asked');
  assert.equal(bucketBySecond([5.5], null, 3).length, 6, 'never cut before the last sample');
  assert.deepEqual(bucketBySecond([]), []);
});

test('percentileBySecond: nearest rank per bucket, null for an empty second', () => {
  const buckets = [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [], [42]];
  assert.deepEqual(percentileBySecond(buckets, 50), [5, null, 42]);
  assert.deepEqual(percentileBySecond(buckets, 99), [10, null, 42]);
});

test('bucketByMarks: samples placed at the first mark that counts them', () => {
  const origin = 10_000;
  const values = [1, 2, 3, 4, 5, 6];
  const marks = [
    [9_900, 0],
    [10_500, 2], // samples 0–1 arrived before 0.5 s
    [10_900, 2],
    [11_000, 3], // sample 2 in [0.9, 1.0] s: bucket 1 (late by at most the interval)
    [13_200, 6], // samples 3–5 in bucket 3; bucket 2 empty
  ];
  assert.deepEqual(bucketByMarks(values, marks, origin), [[1, 2], [3], [], [4, 5, 6]]);
  assert.deepEqual(bucketByMarks([7], [[9_000, 1]], origin), [[7]], 'before the origin: bucket 0');
  assert.deepEqual(bucketByMarks([], [[10_100, 0]], origin), []);
});

// Sent at `at` s, answered `ms` later.
const results = [
  { at: 0.1, ms: 50, status: 200 },
  { at: 0.2, ms: 900, status: 200 }, // answered at 1.1 s: counted in second 1, its latency in second 0
  { at: 0.5, ms: 100, status: 409, code: 'BID_TOO_LOW' },
  { at: 1.2, ms: 20, status: 200 },
  { at: 1.4, ms: 30, status: 429, code: 'RATE_LIMITED' },
  { at: 1.6, ms: 1500, status: 0, code: 'TIMEOUT' }, // answered at 3.1 s
  { at: 2.0, ms: 10, status: 503 },
];

test('stormSeries: offered by send time, outcomes by answer time, latency by send time', () => {
  const s = stormSeries({ results, watchers: { samples: 0 } });
  assert.deepEqual(s.x, [0, 1, 2, 3]);
  assert.deepEqual(s.offered, [3, 3, 1, 0]);
  assert.deepEqual(s.accepted, [1, 2, 0, 0]);
  assert.deepEqual(s.rejected, [1, 1, 0, 0]);
  assert.deepEqual(s.rejectedByCode, { BID_TOO_LOW: [1, 0, 0, 0], RATE_LIMITED: [0, 1, 0, 0] });
  assert.deepEqual(s.errors, [0, 0, 1, 1]);
  assert.deepEqual(s.latencyMs.p50, [100, 30, 10, null]);
  assert.deepEqual(s.latencyMs.p99, [900, 1500, 10, null]);
  assert.equal(s.watcherLatencyMs, undefined, 'no watcher series without samples');
});

test("stormSeries: the watchers' per-second latency, padded to the run's length", () => {
  const watchers = { samples: 9, bySecond: { p50: [4, null, 6], p99: [8, null, 9] } };
  const s = stormSeries({ results: results.slice(0, 2), watchers });
  assert.deepEqual(s.x, [0, 1, 2]);
  assert.deepEqual(s.watcherLatencyMs, { p50: [4, null, 6], p99: [8, null, 9] });
  const longer = stormSeries({ results, watchers });
  assert.deepEqual(longer.watcherLatencyMs.p99, [8, null, 9, null]);
});

test('the bench report draws each scenario with both targets overlaid', () => {
  const run = (k) => ({
    bidStorm: {
      offeredPerSec: 300,
      acceptedPerSec: 200 * k,
      answeredPerSec: 290,
      rejectedPerSec: 90,
      errorsPerSec: 0,
      latencyMs: { p50: 5, p95: 9, p99: 12 * k },
    },
    fanout: { watchers: 10, latencyMs: { p50: 3, p99: 7 }, messageBytes: 300, messagesPerSecPerReplica: 50 },
    invariants: { violations: 0 },
    series: stormSeries({
      results: results.slice(0, 2 + 2 * k),
      watchers: { samples: 1, bySecond: { p50: [1], p99: [2] } },
    }),
  });
  const report = {
    startedAt: '2026-01-01T00:00:00.000Z',
    machine: { cpus: 2, node: 'v20' },
    config: {
      target: 'both',
      scenarios: ['storm'],
      bidders: 5,
      instances: 2,
      bidInstances: 1,
      bidTransport: 'http',
      warmup: 1,
    },
    bidStorm: { dbSingleWriterTps: 1000, dbSingleWriterTool: 'node' },
    invariants: { violations: 0 },
    scenarios: {
      storm: {
        about: 'the full storm',
        offeredPerSec: 300,
        durationSec: 5,
        watchers: 10,
        product: run(2),
        reference: run(1),
      },
    },
  };
  const content = benchHtmlReport(report);
  const [section] = content.sections;
  assert.deepEqual(
    section.charts.map((c) => c.title.split(' ')[0]),
    ['Bids', 'Refused', 'Bid', 'Commit'],
  );
  const bids = section.charts[0];
  assert.deepEqual(bids.x, [0, 1, 2, 3], 'the longer run sets the x axis');
  const refAccepted = bids.series.find((s) => s.label === 'reference accepted');
  assert.equal(refAccepted.dash, true);
  assert.equal(refAccepted.values.length, 4, 'the shorter run padded with gaps');
  assert.deepEqual(section.charts[2].markers, [{ at: 1, label: 'end of warm-up' }]);
  const table = section.tables[0];
  assert.deepEqual(table.columns, ['', 'product', 'reference', 'product ÷ reference']);
  assert.deepEqual(
    table.rows.find((r) => r[0] === 'accepted bids/s'),
    ['accepted bids/s', 400, 200, 2],
  );
  assert.deepEqual(
    table.rows.find((r) => r[0] === 'watchers'),
    ['watchers', 10, 10, null],
    'no ratio where it means nothing',
  );
  assert.match(renderHtmlReport(content), /reference accepted/);
});
