import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLadder, marketPlan, popularity, seededRandom, zipfShares } from '../lib/market.mjs';
import {
  cpuBetween,
  distinctBroadcasts,
  marketConvergence,
  memoryPerWatcher,
  mergeWatcherReports,
  parseCpuMs,
  parseVmRss,
  perInstanceThroughput,
  socketsPerServer,
} from '../lib/market-measures.mjs';
import { adapterChannelKind, publishCalls } from '../lib/market-redis.mjs';
import { scalingSummary } from '../lib/market-scaling.mjs';
import { bidFigures } from '../lib/market-scenario.mjs';

const draws = (picker, n) => Array.from({ length: n }, () => picker.pick());
const histogram = (indexes, size) => {
  const counts = new Array(size).fill(0);
  for (const k of indexes) counts[k]++;
  return counts;
};

test('zipfShares: 1/rank^s normalised; the hottest of 1,000 at s = 1 has 1/H(1000) ≈ 13.4 %; s = 0 is uniform', () => {
  const shares = zipfShares(1000, 1);
  assert.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 1e-9);
  assert.ok(Math.abs(shares[0] - 0.1336) < 0.001, `hottest ${shares[0]}`);
  assert.ok(Math.abs(shares[9] - shares[0] / 10) < 1e-12, 'the tenth has a tenth of the first');
  assert.ok(
    shares.every((s, k) => k === 0 || s < shares[k - 1]),
    'strictly falling with the rank',
  );
  assert.deepEqual(zipfShares(4, 0), [0.25, 0.25, 0.25, 0.25]);
  assert.throws(() => zipfShares(0, 1));
  assert.throws(() => zipfShares(10, -1));
});

test('popularity: draws follow the shares — a few hot auctions, a long tail', () => {
  const counts = histogram(draws(popularity({ auctions: 1000, skew: 1, seed: 1 }), 100_000), 1000);
  const share = (k) => counts[k] / 100_000;
  assert.ok(Math.abs(share(0) - 0.1336) < 0.01, `hottest drew ${share(0)}`);
  assert.ok(Math.abs(share(1) - 0.0668) < 0.006, `second drew ${share(1)}`);
  const top10 = counts.slice(0, 10).reduce((a, b) => a + b, 0) / 100_000;
  assert.ok(top10 > 0.35 && top10 < 0.42, `top ten drew ${top10}`); // H(10)/H(1000) ≈ 0.39
  const tail = counts.slice(500).reduce((a, b) => a + b, 0) / 100_000;
  assert.ok(tail < 0.12, `the second half drew ${tail}`); // (H(1000) − H(500)) / H(1000) ≈ 0.09
});

test('popularity: every auction can be drawn (the last included), and no index outside the auctions', () => {
  const picks = draws(popularity({ auctions: 20, skew: 1, seed: 7 }), 20_000);
  const counts = histogram(picks, 20);
  assert.ok(
    counts.every((n) => n > 0),
    `never drawn: ${counts.flatMap((n, k) => (n ? [] : [k]))}`,
  );
  assert.ok(picks.every((k) => Number.isInteger(k) && k >= 0 && k < 20));
  assert.deepEqual(draws(popularity({ auctions: 1, skew: 1, seed: 3 }), 5), [0, 0, 0, 0, 0]);
});

test('popularity and seededRandom: the same seed draws the same stream, another seed another', () => {
  const a = draws(popularity({ auctions: 1000, skew: 1, seed: 42 }), 500);
  const b = draws(popularity({ auctions: 1000, skew: 1, seed: 42 }), 500);
  const c = draws(popularity({ auctions: 1000, skew: 1, seed: 43 }), 500);
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  const random = seededRandom(5);
  const values = Array.from({ length: 1000 }, random);
  assert.ok(values.every((u) => u >= 0 && u < 1));
});

test('createLadder: each auction climbs its own ladder from the starting price, in sending order', () => {
  const ladder = createLadder(3, 1000);
  assert.deepEqual(
    [ladder.next(0), ladder.next(2), ladder.next(0), ladder.next(0), ladder.next(2)],
    [1010, 1010, 1020, 1030, 1020],
  );
  assert.deepEqual([ladder.sent(0), ladder.sent(1), ladder.sent(2)], [3, 0, 2]);
  assert.equal(createLadder(1, 500, 250).next(0), 750, 'the step is a parameter');
});

test('marketPlan: watchers and bids by popularity, amounts rising per auction, deterministic', () => {
  const config = { auctions: 50, watchers: 2000, skew: 1, seed: 9, startingFils: 1000 };
  const plan = marketPlan(config);
  assert.equal(plan.watcherAuctions.length, 2000);
  const watchersOf = histogram(plan.watcherAuctions, 50);
  assert.ok(watchersOf[0] > 300 && watchersOf[0] < 600, `hottest has ${watchersOf[0]} watchers`); // 2000 × 0.222
  const bids = Array.from({ length: 5000 }, () => plan.target());
  const last = new Map();
  for (const { auction, amountFils } of bids) {
    assert.equal(amountFils, (last.get(auction) ?? 1000) + 10, `auction ${auction} climbs by one step`);
    last.set(auction, amountFils);
  }
  const again = marketPlan(config);
  assert.deepEqual(again.watcherAuctions, plan.watcherAuctions);
  assert.deepEqual(
    Array.from({ length: 5000 }, () => again.target()),
    bids,
  );
  assert.deepEqual(
    marketPlan({ ...config, watchers: 10 }).watcherAuctions,
    plan.watcherAuctions.slice(0, 10),
    'the watchers draw from their own stream',
  );
});

const T = 1_000_000; // an epoch ms
const finals = new Map([
  ['a', { priceFils: 1_030, lastBidAt: T }],
  ['b', { priceFils: 1_000, lastBidAt: null }], // no bid: its watchers are on the starting price
  ['c', { priceFils: 2_500, lastBidAt: T + 500 }],
]);

test('marketConvergence: on the final price within the window, per watcher and per auction', () => {
  const views = [
    ['a', 1.03, T + 120],
    ['a', 1.03, T + 340],
    ['b', null, null],
    ['c', 2.5, T + 600],
  ];
  assert.deepEqual(marketConvergence(views, finals, 2000), {
    withinMs: 2000,
    watchers: 4,
    watchersOnFinalPrice: 4,
    watchersConverged: 4,
    auctionsWatched: 3,
    auctionsConverged: 3,
    worstMs: 340,
    allConverged: true,
    missed: [],
  });
});

test('marketConvergence: a stale price, nothing heard, or too late each count against their auction', () => {
  const views = [
    ['a', 1.02, T - 5], // an older price
    ['a', 1.03, T + 100],
    ['c', null, null], // heard nothing on an auction that got bids
    ['c', 2.5, T + 3_000], // 2.5 s after the last bid
    ['b', null, null],
  ];
  const c = marketConvergence(views, finals, 2000);
  assert.equal(c.watchersOnFinalPrice, 3);
  assert.equal(c.watchersConverged, 2);
  assert.equal(c.auctionsConverged, 1, 'only b');
  assert.equal(c.worstMs, 2_500, 'the worst time among watchers on the final price');
  assert.equal(c.allConverged, false);
  assert.deepEqual(c.missed, [
    { auctionId: 'a', heardPriceFils: 1_020, finalPriceFils: 1_030, msAfterLastBid: -5 },
    { auctionId: 'c', heardPriceFils: null, finalPriceFils: 2_500, msAfterLastBid: null },
    { auctionId: 'c', heardPriceFils: 2_500, finalPriceFils: 2_500, msAfterLastBid: 2_500 },
  ]);
  assert.throws(() => marketConvergence([['z', null, null]], finals, 2000), /no final price/);
});

test('distinctBroadcasts: per auction the most messages one of its watchers heard, summed', () => {
  const views = [
    ['a', 1.03, T, 12],
    ['a', 1.02, T, 11], // missed the last one
    ['b', null, null, 0],
    ['c', 2.5, T, 4],
  ];
  assert.equal(distinctBroadcasts(views), 16);
  assert.equal(distinctBroadcasts([]), 0);
});

test('socketsPerServer: each process deals its watchers over the servers in turn', () => {
  assert.deepEqual(socketsPerServer([5000, 5000], 2), [5000, 5000]);
  assert.deepEqual(socketsPerServer([5000, 5000], 3), [3334, 3334, 3332]); // 1,667 + 1,667 + 1,666 each
  assert.deepEqual(socketsPerServer([3], 2), [2, 1]);
  assert.deepEqual(socketsPerServer([], 2), [0, 0]);
});

test('memoryPerWatcher: RSS growth over the sockets, per server and overall', () => {
  const MB = 2 ** 20;
  const m = memoryPerWatcher([
    { rssBeforeBytes: 100 * MB, rssAfterBytes: 150 * MB, sockets: 5000 }, // 50 MB / 5,000 = 10.24 KB
    { rssBeforeBytes: 120 * MB, rssAfterBytes: 220 * MB, sockets: 5000 }, // 100 MB / 5,000 = 20.48 KB
  ]);
  assert.equal(m.sockets, 10_000);
  assert.equal(m.kbPerWatcher, 15.4); // 150 MB / 10,000
  assert.deepEqual(
    m.servers.map((s) => [s.growthMB, s.kbPerWatcher]),
    [
      [50, 10.2],
      [100, 20.5],
    ],
  );
  assert.equal(memoryPerWatcher([{ rssBeforeBytes: MB, rssAfterBytes: MB, sockets: 0 }]).kbPerWatcher, null);
});

test('perInstanceThroughput: result i went to instance i % n; refusals answered, errors not', () => {
  const results = [
    { i: 0, status: 200 },
    { i: 1, status: 409, code: 'BID_TOO_LOW' },
    { i: 2, status: 200 },
    { i: 3, status: 0, code: 'TIMEOUT' },
    { i: 4, status: 503, code: 'AUCTION_BUSY' },
  ];
  assert.deepEqual(perInstanceThroughput(results, 2, 2), [
    { instance: 0, answeredPerSec: 1, acceptedPerSec: 1, busy: 1, errors: 0 },
    { instance: 1, answeredPerSec: 0.5, acceptedPerSec: 0, busy: 0, errors: 1 },
  ]);
});

test('/proc readings: VmRSS in bytes, CPU from utime + stime after the command name', () => {
  assert.equal(parseVmRss('Name:\tnode\nVmRSS:\t  123456 kB\nVmSwap: 0 kB\n'), 123456 * 1024);
  assert.throws(() => parseVmRss('Name: node\n'));
  const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 100 0 0';
  assert.equal(parseCpuMs(stat, 100), 3000); // (250 + 50) ticks at 100/s
  assert.deepEqual(cpuBetween([{ name: 's', cpuMs: 1000 }], [{ cpuMs: 2500 }], 3), [
    { name: 's', cpuMs: 1500, percentOfCore: 50 },
  ]);
});

test('Redis: adapter channels by kind under the run prefix, publish calls from INFO commandstats', () => {
  const p = 'mazadbench-abc';
  assert.equal(adapterChannelKind(`${p}:socket.io#/#auction:1#`, p), 'broadcast');
  assert.equal(adapterChannelKind(`${p}-ref:socket.io#/#`, p), 'broadcast', "the reference server's prefix");
  assert.equal(adapterChannelKind(`${p}:socket.io-request#/#`, p), 'request');
  assert.equal(adapterChannelKind(`${p}:socket.io-response#/#uid#`, p), 'response');
  assert.equal(adapterChannelKind(`${p}:bull:events`, p), 'other');
  assert.equal(adapterChannelKind('someone-else:socket.io#/#', p), 'other');
  const info =
    '# Commandstats\r\ncmdstat_get:calls=5,usec=1\r\ncmdstat_publish:calls=120,usec=9\r\ncmdstat_spublish:calls=3,usec=1\r\n';
  assert.equal(publishCalls(info), 123);
});

test('mergeWatcherReports: counts added, percentiles over every process, per-second buckets merged', () => {
  const origin = 10_000;
  const report = (latencies, marks, views) => ({
    delivered: latencies.length,
    bytes: latencies.length * 100,
    cpuMs: 7,
    views,
    raw: { latencies, latestLatencies: latencies, latencyMarks: marks },
  });
  const merged = mergeWatcherReports(
    [
      report([10, 20], [[10_500, 2]], [['a', 1, 1]]),
      report(
        [30, 40],
        [
          [10_600, 1],
          [11_200, 2],
        ],
        [['b', null, null]],
      ),
    ],
    origin,
  );
  assert.equal(merged.delivered, 4);
  assert.equal(merged.averageBytes, 100);
  assert.equal(merged.samples, 4);
  assert.equal(merged.p50, 20);
  assert.equal(merged.p99, 40);
  assert.deepEqual(merged.bySecond.p99, [30, 40]);
  assert.deepEqual(merged.views, [
    ['a', 1, 1],
    ['b', null, null],
  ]);
  assert.equal(merged.cpuMs, 14);
});

test('bidFigures: the storm-shaped figures of a market run', () => {
  const results = [
    { i: 0, at: 0.5, ms: 100, status: 200, via: 'http' }, // in the warm-up
    { i: 1, at: 2, ms: 10, status: 200, via: 'socket' },
    { i: 2, at: 2.1, ms: 20, status: 409, code: 'BID_TOO_LOW' },
    { i: 3, at: 2.2, ms: 30, status: 0, code: 'TIMEOUT', via: 'socket' },
  ];
  const f = bidFigures({ results, wallSeconds: 2, sendSeconds: 2 }, 1);
  assert.equal(f.offeredPerSec, 2);
  assert.equal(f.acceptedPerSec, 1);
  assert.equal(f.answeredPerSec, 1.5);
  assert.deepEqual(f.rejectionCodes, { BID_TOO_LOW: 1 });
  assert.deepEqual(f.errorCodes, { TIMEOUT: 1 });
  assert.deepEqual(f.latencyMs, { p50: 20, p95: 30, p99: 30 });
  assert.equal(f.latencyMsIncludingWarmup.p99, 100);
  assert.deepEqual(f.byTransport.socket, { bids: 2, accepted: 1, errors: 1, latencyMs: { p50: 10, p99: 30 } });
});

test('scalingSummary: one row per run, per-instance throughput against the first run', () => {
  const report = (instances, answered) => ({
    scenarios: {
      market: {
        product: {
          bidStorm: {
            offeredPerSec: 2000,
            answeredPerSec: answered,
            acceptedPerSec: answered - 100,
            errorsPerSec: 0,
            latencyMs: { p50: 10, p99: 40 },
            perInstance: Array.from({ length: instances }, () => ({ answeredPerSec: answered / instances })),
          },
          fanout: { latencyMs: { p99: 120 } },
          market: {
            convergence: { watchersConverged: 10_000, watchers: 10_000, worstMs: 300 },
            redisAdapter: { messagesPerSec: 900 },
            memory: { kbPerWatcher: 12 },
            serverCpuMsPerAnsweredBid: 0.6,
            cpu: [
              ...Array.from({ length: instances }, (_, k) => ({ name: `server ${k + 1}`, percentOfCore: 60 })),
              { name: 'watchers 1', percentOfCore: 30 },
            ],
          },
          invariants: { violations: 0 },
        },
      },
    },
  });
  const { rows } = scalingSummary(
    [
      { instances: 1, report: report(1, 1500) },
      { instances: 2, report: report(2, 2000) },
    ],
    'product',
  );
  assert.deepEqual(
    rows.map((r) => [r.instances, r.answeredPerInstancePerSec, r.perInstanceVsFirst, r.serverCpuPercentMean]),
    [
      [1, 1500, 1, 60],
      [2, 1000, 0.67, 60],
    ],
  );
  assert.equal(rows[1].watchersConverged, '10000/10000');
  assert.throws(() => scalingSummary([{ instances: 1, report: report(1, 1) }], 'reference'), /no reference market run/);
});
