/**
 * The bench's and chaos run's reading of the servers' /metrics (lib/server-metrics.mjs): the
 * Prometheus text format, increases across scrapes (a restarted replica counts from zero),
 * histogram quantiles, and a family the server does not export printed "n/a".
 *   node --test load-tests/test/
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';
import {
  formatServerMetrics,
  histogramQuantile,
  MetricsAccumulator,
  parsePrometheusText,
  recordServerMetrics,
  summarizeMetrics,
} from '../lib/server-metrics.mjs';

/** A /metrics page of prom-client's shape with the given counts. */
function page({ accepted = 0, tooLow = 0, busyLag = 0, buckets = [0, 0, 0], lag = 0.01, waiting = 0 }) {
  const [le5ms, le50ms, inf] = buckets;
  return `# TYPE mazad_bid_admission_refusals_total counter
mazad_bid_admission_refusals_total{reason="event_loop"} ${busyLag}
mazad_bid_admission_refusals_total{reason="deadline"} 0
# HELP mazad_bids_total Bids by outcome
# TYPE mazad_bids_total counter
mazad_bids_total{outcome="accepted",code=""} ${accepted}
${tooLow ? `mazad_bids_total{outcome="refused",code="BID_TOO_LOW"} ${tooLow}\n` : ''}# TYPE mazad_bid_decision_seconds histogram
mazad_bid_decision_seconds_bucket{le="0.005"} ${le5ms}
mazad_bid_decision_seconds_bucket{le="0.05"} ${le50ms}
mazad_bid_decision_seconds_bucket{le="+Inf"} ${inf}
mazad_bid_decision_seconds_sum ${inf * 0.01}
mazad_bid_decision_seconds_count ${inf}
# TYPE mazad_db_pool_connections gauge
mazad_db_pool_connections{state="waiting"} ${waiting}
mazad_db_pool_connections{state="in_use"} 7
# TYPE nodejs_eventloop_lag_seconds gauge
nodejs_eventloop_lag_seconds ${lag}
`;
}

test('parses the text format: types, labels with escapes, +Inf, timestamps and comments', () => {
  const { types, samples } = parsePrometheusText(`# HELP x_total A "help" line
# TYPE x_total counter
x_total{path="/a\\"b\\\\c",method="GET"} 3 1700000000000
x_total{path="two\\nlines"} 4
# TYPE h histogram
h_bucket{le="+Inf"} 2
up 1
`);
  assert.equal(types.get('x_total'), 'counter');
  assert.equal(types.get('h'), 'histogram');
  assert.deepEqual(samples, [
    { name: 'x_total', labels: { path: '/a"b\\c', method: 'GET' }, value: 3 },
    { name: 'x_total', labels: { path: 'two\nlines' }, value: 4 },
    { name: 'h_bucket', labels: { le: '+Inf' }, value: 2 },
    { name: 'up', labels: {}, value: 1 },
  ]);
});

test('histogram quantiles as Prometheus computes them', () => {
  const buckets = [
    { le: 0.01, count: 50 },
    { le: 0.1, count: 90 },
    { le: Infinity, count: 100 },
  ];
  assert.equal(histogramQuantile(0.5, buckets), 0.01);
  assert.ok(Math.abs(histogramQuantile(0.7, buckets) - 0.055) < 1e-12); // halfway through the second bucket
  assert.equal(histogramQuantile(0.99, buckets), 0.1); // in the +Inf bucket: the highest finite bound
  assert.equal(histogramQuantile(0.5, [{ le: Infinity, count: 0 }]), null);
});

test('sums increases across scrapes and targets, counting a restarted target from zero', () => {
  const acc = new MetricsAccumulator();
  acc.add('a', parsePrometheusText(page({ accepted: 100, buckets: [1, 1, 1] })));
  acc.add('b', parsePrometheusText(page({ accepted: 7 })));
  acc.add('a', parsePrometheusText(page({ accepted: 160, tooLow: 5, busyLag: 9, buckets: [40, 60, 61], waiting: 3 })));
  // Replica b restarted: its counters begin again at zero.
  acc.add('b', parsePrometheusText(page({ accepted: 4, buckets: [0, 4, 4], lag: 0.25 })));
  const s = summarizeMetrics(acc, ['a', 'b']);
  assert.deepEqual(s.bids, {
    accepted: 64,
    refused: 5,
    refusedByCode: { BID_TOO_LOW: 5 },
    busyByReason: { event_loop: 9 },
  });
  assert.match(formatServerMetrics(s), /AUCTION_BUSY by admission check\s+event_loop 9/);
  assert.equal(s.bidDecision.count, 64);
  assert.equal(s.bidDecision.p50Ms, 4.1); // rank 32 of the 39 observations within 5 ms: 5 × 32 / 39
  assert.equal(s.bidDecision.p99Ms, 50);
  assert.equal(s.dbPoolWaitingMax, 3);
  assert.equal(s.eventLoopLagMaxMs, 250);
});

test('a family the server does not export is null and printed n/a', () => {
  const acc = new MetricsAccumulator();
  const lag = (seconds) =>
    parsePrometheusText(`# TYPE nodejs_eventloop_lag_seconds gauge\nnodejs_eventloop_lag_seconds ${seconds}\n`);
  acc.add('a', lag(0.5)); // before the run: not counted
  acc.add('a', lag(0.002));
  const s = summarizeMetrics(acc, ['a', 'b']);
  assert.equal(s.bids, null);
  assert.equal(s.bidBroadcast, null);
  assert.equal(s.socketBytesSent, null);
  assert.equal(s.dbPoolWaitingMax, null);
  assert.equal(s.eventLoopLagMaxMs, 2);
  const table = formatServerMetrics(s);
  assert.match(table, /1 of 2 answered/);
  assert.match(table, /bids accepted \/ refused\s+n\/a/);
  assert.match(table, /commit→broadcast p50 \/ p95 \/ p99\s+n\/a/);
  assert.match(formatServerMetrics(null), /n\/a/);
});

test('records a live /metrics over a run with its bearer token, and a target that never answers', async (t) => {
  let accepted = 10;
  const token = 'metrics-token-of-the-test-0123456789abcdef';
  // As the product's endpoint: 401 without the server's METRICS_TOKEN.
  const server = createServer((req, res) =>
    req.headers.authorization === `Bearer ${token}` ? res.end(page({ accepted })) : res.writeHead(401).end(),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const url = `http://127.0.0.1:${server.address().port}/metrics`;
  const recorder = recordServerMetrics([url, 'http://127.0.0.1:1/metrics'], { token, intervalMs: 20, timeoutMs: 500 });
  await recorder.ready;
  accepted = 35;
  const s = await recorder.stop();
  assert.equal(s.bids.accepted, 25);
  assert.equal(s.reached, 1);
  assert.equal(s.targets, 2);

  const refused = await recordServerMetrics([url], { token: 'another-token', intervalMs: 20, timeoutMs: 500 }).stop();
  assert.equal(refused.reached, 0);
});
