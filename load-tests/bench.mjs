#!/usr/bin/env node
/**
 * `npm run bench`: bid storm + socket fan-out on a private two-instance deployment of the product
 * AND of the bare reference server (load-tests/reference/), under the identical load in the same
 * run, the same bid SQL on one database connection for the single-writer ceiling, and the
 * invariant check after every run. Prints a summary and writes load-tests/results/latest.json.
 *
 *   npm run bench                        every scenario on both targets (see SCENARIOS) but the market (by name)
 *   npm run bench -- --quick             the same, a few seconds each (a smoke run)
 *   npm run bench -- --target product    product only (reference | both, default both)
 *   npm run bench -- --scenarios saturation,latency600
 *   npm run bench -- --scenarios ramp,overload   capacity (the offered rate rising in steps until fewer
 *     than 99 % of bids are answered within 100 ms) and twice that capacity (lib/ramp.mjs);
 *     --ramp-start 500 --ramp-step 500 --ramp-step-seconds 10 --ramp-max 10000 [--ramp-confirm],
 *     --overload-rate N when the ramp does not run
 *   npm run bench -- --target product --scenarios storm,storm-max   (maximums in the storm, product only:
 *     the reference server has no automatic bidding; compared with the manual storm of the same run)
 *   npm run bench -- --duration 30 --rate 1200 --watchers 2000 --bidders 200 --instances 2 --bid-instances 1
 *     (giving --duration, --rate or --watchers without --scenarios runs the storm scenario alone,
 *      with those values; bidders send to the first --bid-instances instances, watchers spread
 *      over all of them)
 *   npm run bench -- --target product --scenarios market --instances 3   (1,000 auctions, 10,000 watchers,
 *     2,000 bids/s for 30 s; --market-auctions, --market-watchers, --market-rate, --market-skew)
 *   --bid-transport socket|http|mixed: bids over the socket (`place_bid` with an acknowledgement;
 *     the default, as the web app bids once its socket is connected), over HTTP (what a client
 *     without a socket, or k6, does), or every other bid over each
 *   --warmup N: bid latency percentiles leave out bids sent in the first N seconds (default 3)
 *   --port-base P (or BENCH_PORT_BASE): servers listen on P, P+1, … instead of free ports
 *   --metrics-port-base M (or BENCH_METRICS_PORT_BASE): the product servers' /metrics (METRICS_PORT)
 *     on M, M+1, … instead of free ports; each run records them (lib/server-metrics.mjs)
 *   --db-prefix NAME (or BENCH_DB_PREFIX): the private database's name prefix (default mazad_bench)
 *   --out FILE: the JSON report (default load-tests/results/latest.json)
 *   --report FILE: its picture, a self-contained HTML page (default: the JSON's path ending in .html)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchHtmlReport } from './lib/bench-charts.mjs';
import { isBusy, isError, isRejected, openBidStorm, stormSeries } from './lib/bid-storm.mjs';
import { measureDbSingleWriter } from './lib/db-limit.mjs';
import { createEnvironment } from './lib/environment.mjs';
import { bidInvariantViolations } from './lib/invariants.mjs';
import { MARKET_OPTIONS, marketScenario } from './lib/market-scenario.mjs';
import { writeHtmlReport } from './lib/report-html.mjs';
import { formatServerMetrics, recordServerMetrics } from './lib/server-metrics.mjs';
import {
  answeredInTimeBySecond,
  capacityReport,
  describeRamp,
  formatCapacity,
  formatOverload,
  overloadFigures,
  overloadRate,
  overloadReport,
  printStep,
  runRamp,
} from './lib/ramp.mjs';
import { percentile, round } from './lib/stats.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string' },
    rate: { type: 'string' },
    watchers: { type: 'string' },
    bidders: { type: 'string', default: '200' },
    instances: { type: 'string', default: '2' },
    'bid-instances': { type: 'string', default: '1' },
    'db-seconds': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
    target: { type: 'string', default: 'both' },
    scenarios: { type: 'string' },
    'scenario-seconds': { type: 'string' }, // 15 s (the market: 30 s)
    'saturation-rate': { type: 'string', default: '3000' },
    'ramp-start': { type: 'string' },
    'ramp-step': { type: 'string' },
    'ramp-step-seconds': { type: 'string' },
    'ramp-max': { type: 'string' },
    'ramp-confirm': { type: 'boolean', default: false },
    'overload-rate': { type: 'string' },
    'port-base': { type: 'string', default: process.env.BENCH_PORT_BASE },
    'metrics-port-base': { type: 'string', default: process.env.BENCH_METRICS_PORT_BASE },
    'bid-transport': { type: 'string', default: 'socket' },
    'db-prefix': { type: 'string', default: process.env.BENCH_DB_PREFIX ?? 'mazad_bench' },
    out: { type: 'string', default: join(dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json') },
    report: { type: 'string' },
    ...MARKET_OPTIONS,
  },
});

const quick = opts.quick;
const cfg = quick
  ? { duration: 5, rate: 300, watchers: 200, bidders: 50, instances: 2, bidInstances: 1, dbSeconds: 3, warmup: 1 }
  : {
      duration: +(opts.duration ?? 30),
      rate: +(opts.rate ?? 1200),
      watchers: +(opts.watchers ?? 2000),
      bidders: +opts.bidders,
      instances: +opts.instances,
      bidInstances: +opts['bid-instances'],
      dbSeconds: +opts['db-seconds'],
      warmup: +opts.warmup,
    };
const seconds = quick ? 4 : +(opts['scenario-seconds'] ?? 15);
// The ramp (lib/ramp.mjs); --quick climbs in short steps to a low ceiling unless told otherwise.
const rampOption = (name, full, short) => +(opts[`ramp-${name}`] ?? (quick ? short : full));
const ramp = {
  start: rampOption('start', 500, 500),
  step: rampOption('step', 500, 500),
  stepSeconds: rampOption('step-seconds', 10, 3),
  max: rampOption('max', 10000, 1500),
  // --ramp-confirm: stop after two failed steps in a row, not one (a single bad step is noise).
  confirmSteps: opts['ramp-confirm'] ? 2 : 1,
};

/**
 * The runner's named scenarios (the targets of docs/performance.md). `storm` is the full default storm (its
 * figures fill the JSON's historic fields); the others isolate the bid path and the fan-out.
 */
const SCENARIOS = {
  storm: { rate: cfg.rate, duration: cfg.duration, watchers: cfg.watchers, about: 'the full storm' },
  'storm-max': {
    rate: cfg.rate,
    duration: cfg.duration,
    watchers: cfg.watchers,
    maxShare: 0.2,
    productOnly: true,
    // Over HTTP whatever --bid-transport says: the maximums are set over HTTP, and socket bids
    // sent meanwhile would overtake them (almost every maximum then arrives below the price).
    transport: 'http',
    about: 'the full storm with a fifth of the bidders setting maximums (automatic bids), product only',
  },
  saturation: {
    rate: quick ? 1500 : +opts['saturation-rate'],
    duration: seconds,
    watchers: 0,
    about: 'bid path at saturation (offered above capacity, no watchers): accepted bids/s',
  },
  latency600: { rate: 600, duration: seconds, watchers: 0, about: 'bid path at an offered 600/s: p99' },
  fanout: {
    rate: 50,
    duration: seconds,
    watchers: quick ? 200 : 2000,
    about: 'fan-out at 50 bids/s: commit-to-watcher p99',
  },
  ramp: {
    ramp,
    watchers: 0,
    about: 'capacity: the offered rate rises in steps until fewer than 99 % of bids are answered within 100 ms',
  },
  overload: {
    // Twice the capacity the same target's ramp measured in this run (or --overload-rate): resolved per target.
    overload: true,
    duration: seconds,
    watchers: 0,
    about:
      'overload at twice the capacity: what the server cannot decide in time should be refused AUCTION_BUSY, not queued',
  },
  // Many auctions at once (lib/market-scenario.mjs runs it and prints its own figures). Asked for by
  // name only: at its default size (2,000 bids/s, 10,000 watchers) the load generators and the
  // servers need more than two shared cores (docs/performance.md, "A whole market").
  market: { ...marketScenario(opts, quick), optIn: true },
};

/** A scenario as it runs on one target: the overload's rate from that target's ramp (null: no rate known). */
function scenarioFor(name, targetRuns) {
  const s = SCENARIOS[name];
  if (!s.overload) return s;
  const capacity = targetRuns.ramp?.ramp.capacity;
  const rate = overloadRate(capacity, +(opts['overload-rate'] ?? 0), ramp.start);
  const measured = capacity?.bidsPerSec > 0;
  return (
    rate && {
      ...s,
      rate,
      capacityBidsPerSec: measured ? capacity.bidsPerSec : null,
      capacityLimitFound: measured ? capacity.limitFound : null,
    }
  );
}

const describeLoad = (s) =>
  s.ramp
    ? `${describeRamp(s.ramp)}, ${s.watchers} watchers`
    : `${s.rate} bids/s for ${s.duration}s, ${s.watchers} watchers`;
const stormOnly = opts.duration !== undefined || opts.rate !== undefined || opts.watchers !== undefined;
// --quick runs every scenario, the market too (at a size two cores hold).
const defaultScenarios = Object.keys(SCENARIOS).filter((name) => quick || !SCENARIOS[name].optIn);
const scenarioNames = (opts.scenarios ?? (stormOnly && !quick ? 'storm' : defaultScenarios.join(',')))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of scenarioNames) if (!SCENARIOS[name]) throw new Error(`unknown scenario "${name}"`);
if (![ramp.start, ramp.step, ramp.stepSeconds, ramp.max].every((v) => v > 0))
  throw new Error('--ramp-start, --ramp-step, --ramp-step-seconds and --ramp-max are positive numbers');
if (!['product', 'reference', 'both'].includes(opts.target)) throw new Error('--target is product, reference or both');
if (!['http', 'socket', 'mixed'].includes(opts['bid-transport']))
  throw new Error('--bid-transport is http, socket or mixed');
const targets = opts.target === 'both' ? ['product', 'reference'] : [opts.target];

async function checkInvariants(env, auctionId, results, heardAmounts) {
  const {
    rows: [a],
  } = await env.db.query(
    `SELECT current_price_fils::bigint AS price, bid_count, status,
            (SELECT extract(epoch FROM max(created_at)) * 1000 FROM bids WHERE auction_id = $1) AS last_bid_ms
       FROM auctions WHERE id = $1`,
    [auctionId],
  );
  const { rows: bids } = await env.db.query(
    `SELECT id, seq, bidder_id, amount_fils::bigint AS amount, is_automatic FROM bids WHERE auction_id = $1 ORDER BY seq`,
    [auctionId],
  );
  const violations = bidInvariantViolations({
    auction: { price: Number(a.price), bidCount: Number(a.bid_count) },
    bids: bids.map((b) => ({
      id: b.id,
      seq: Number(b.seq),
      bidderId: b.bidder_id,
      amount: Number(b.amount),
      automatic: b.is_automatic,
    })),
    results,
    heardAmounts,
  });
  return {
    checked: true,
    violations: violations.length,
    details: violations.slice(0, 20),
    finalPriceFils: Number(a.price),
    automaticBids: bids.filter((b) => b.is_automatic).length,
    lastBidAt: a.last_bid_ms == null ? null : Number(a.last_bid_ms),
  };
}

/**
 * One scenario on one target's running instances: the storm (at one rate, or the ramp's steps),
 * then its figures and invariants.
 */
async function runScenario(env, servers, seller, bidders, scenario) {
  const transport = scenario.transport ?? opts['bid-transport'];
  const startingFils = 1000;
  const auctionId = await env.createAuction(seller.id, startingFils);
  // The product's own figures over the run (the reference server has no /metrics).
  const metricsUrls = servers.map((s) => s.metricsUrl).filter(Boolean);
  const serverMetrics = metricsUrls.length ? recordServerMetrics(metricsUrls, { token: env.env.METRICS_TOKEN }) : null;
  await serverMetrics?.ready;
  const opened = await openBidStorm({
    urls: servers.map((s) => s.url),
    bidUrls: servers.slice(0, Math.max(1, cfg.bidInstances)).map((s) => s.url),
    auctionId,
    bidders,
    watchers: scenario.watchers,
    startingFils,
    transport,
    maxShare: scenario.maxShare,
  });
  const ramp = scenario.ramp ? await runRamp(opened, { ...scenario.ramp, warmupSec: cfg.warmup }, printStep) : null;
  if (!ramp) await opened.send({ rate: scenario.rate, durationSec: scenario.duration });
  const storm = await opened.close();
  const ok = storm.results.filter((r) => r.status === 200);
  const rejected = storm.results.filter(isRejected);
  const busy = storm.results.filter(isBusy);
  const errors = storm.results.filter(isError);
  const { lastBidAt, automaticBids, ...invariants } = await checkInvariants(
    env,
    auctionId,
    storm.results,
    storm.watchers.markedAmounts,
  );
  const metrics = (await serverMetrics?.stop()) ?? null;
  const finalJod = invariants.finalPriceFils / 1000;
  const w = storm.watchers;
  const converged = w.prices?.[finalJod] ?? 0;
  const acceptedPerSec = ok.length / storm.wallSeconds;
  const all = storm.results.map((r) => r.ms);
  const steady = storm.results.filter((r) => r.at >= cfg.warmup).map((r) => r.ms);
  // Second by second, for the HTML report (lib/bid-storm.mjs stormSeries says what is bucketed how).
  const series = stormSeries(storm);
  const count = (codes) => Object.fromEntries([...new Set(codes)].map((c) => [c, codes.filter((x) => x === c).length]));
  const run = {
    bidStorm: {
      transport,
      durationSec: round(storm.wallSeconds),
      bidders: bidders.length,
      instances: servers.length,
      offeredPerSec: round(storm.results.length / storm.sendSeconds),
      acceptedPerSec: round(acceptedPerSec),
      rejectedPerSec: round(rejected.length / storm.wallSeconds),
      // AUCTION_BUSY: the overloaded server's "try again", neither a decision nor an error.
      busyPerSec: round(busy.length / storm.wallSeconds),
      errorsPerSec: round(errors.length / storm.wallSeconds),
      rejectionCodes: count(rejected.map((r) => r.code)),
      errorCodes: count(errors.map((r) => r.code ?? r.status)),
      // With maximums in the storm: maximums set (accepted, counted in acceptedPerSec) and the
      // automatic bids the engine placed for them.
      ...(scenario.maxShare
        ? {
            maxSetsAccepted: ok.filter((r) => r.kind === 'max').length,
            automaticBidsPerSec: round(automaticBids / storm.wallSeconds),
          }
        : {}),
      // Steady state: bids sent after the warm-up (connections opened, code optimised by the JIT).
      latencyMs: { p50: percentile(steady, 50), p95: percentile(steady, 95), p99: percentile(steady, 99) },
      latencyMsIncludingWarmup: { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99) },
      warmupSec: cfg.warmup,
      // Every answer (accepted or refused) per second: the work the bid path did.
      answeredPerSec: round((ok.length + rejected.length) / storm.wallSeconds),
      // The server could not answer as fast as bids were offered (what the saturation scenario needs).
      saturated: (ok.length + rejected.length) / storm.wallSeconds < 0.95 * (storm.results.length / storm.sendSeconds),
      // Bids over HTTP and over the socket, each path on its own (--bid-transport socket|mixed).
      byTransport:
        transport === 'http'
          ? undefined
          : Object.fromEntries(
              ['http', 'socket'].map((via) => {
                const mine = storm.results.filter((r) => (r.via ?? 'http') === via && r.at >= cfg.warmup);
                return [
                  via,
                  {
                    bids: mine.length,
                    accepted: mine.filter((r) => r.status === 200).length,
                    busy: mine.filter(isBusy).length,
                    errors: mine.filter(isError).length,
                    latencyMs: {
                      p50: percentile(
                        mine.map((r) => r.ms),
                        50,
                      ),
                      p99: percentile(
                        mine.map((r) => r.ms),
                        99,
                      ),
                    },
                  },
                ];
              }),
            ),
      // CPU the bidders' process spent (to check the load generator does not take the machine).
      bidderCpuMs: storm.bidderCpuMs,
    },
    fanout: {
      instances: servers.length,
      watchers: scenario.watchers,
      messagesDelivered: w.delivered ?? 0,
      latencySamples: w.samples ?? 0,
      watchersConvergedOnFinalPrice: converged,
      // From the last bid's commit to the last watcher on the final price (null: not all got there).
      convergedWithinMs:
        scenario.watchers && converged === scenario.watchers && lastBidAt
          ? Math.max(0, Math.round(w.lastAtByPrice[finalJod] - lastBidAt))
          : null,
      latencyMs: { p50: w.p50 ?? 0, p99: w.p99 ?? 0 },
      // The latest bid of each message only: comparable between message shapes (lean or not).
      latestBidLatencyMs: { p50: w.latestP50 ?? 0, p99: w.latestP99 ?? 0 },
      // Average size of a new_bid frame as the watcher receives it (engine.io packet, bytes).
      messageBytes: w.averageBytes ?? 0,
      // new_bid frames written to sockets per second by each replica, and distinct broadcasts/s.
      messagesPerSecPerReplica: round((w.delivered ?? 0) / storm.wallSeconds / servers.length),
      broadcastsPerSec: round((w.broadcasts ?? 0) / storm.wallSeconds),
      watcherCpuMs: w.cpuMs ?? 0,
      // With maximums in the storm: distinct amounts marked as a maximum's that watchers heard
      // (each checked by the invariants: only one that became a bid may be heard).
      markedAmountsHeard: w.markedAmounts?.length,
    },
    invariants,
    // The servers' /metrics over the run, summed over the instances (null for the reference).
    serverMetrics: metrics,
    series,
    // The ramp's steps and capacity (lib/ramp.mjs), and its bids answered in time per second.
    ...(ramp
      ? { ramp: { ...ramp, answeredWithin100msBySecond: answeredInTimeBySecond(storm.results, series.x.length) } }
      : {}),
    ...(scenario.overload
      ? {
          overload: overloadFigures({
            offeredPerSec: scenario.rate,
            results: storm.results,
            wallSeconds: storm.wallSeconds,
            warmupSec: cfg.warmup,
            capacityBidsPerSec: scenario.capacityBidsPerSec,
            capacityLimitFound: scenario.capacityLimitFound,
            invariantViolations: invariants.violations,
          }),
        }
      : {}),
  };
  // The raw answers, for BENCH_DUMP (not in the JSON report).
  Object.defineProperty(run, 'results', { value: storm.results, enumerable: false });
  return run;
}

const ratio = (a, b) => (b ? round(a / b, 2) : null);

/** The product's figures over the reference's: throughput (higher is better) and latency (lower). */
function ratios(product, reference) {
  return {
    acceptedPerSec: ratio(product.bidStorm.acceptedPerSec, reference.bidStorm.acceptedPerSec),
    bidLatencyP99: ratio(product.bidStorm.latencyMs.p99, reference.bidStorm.latencyMs.p99),
    fanoutLatencyP99: ratio(product.fanout.latencyMs.p99, reference.fanout.latencyMs.p99),
    fanoutLatestBidP99: ratio(product.fanout.latestBidLatencyMs.p99, reference.fanout.latestBidLatencyMs.p99),
    messageBytes: ratio(product.fanout.messageBytes, reference.fanout.messageBytes),
  };
}

/** The storm with maximums over the manual storm: throughput, decision latency and commit→watcher latency. */
function withoutMaximumsRatios(withMax, manual) {
  return {
    acceptedPerSec: ratio(withMax.bidStorm.acceptedPerSec, manual.bidStorm.acceptedPerSec),
    answeredPerSec: ratio(withMax.bidStorm.answeredPerSec, manual.bidStorm.answeredPerSec),
    bidLatencyP50: ratio(withMax.bidStorm.latencyMs.p50, manual.bidStorm.latencyMs.p50),
    bidLatencyP99: ratio(withMax.bidStorm.latencyMs.p99, manual.bidStorm.latencyMs.p99),
    fanoutLatencyP50: ratio(withMax.fanout.latencyMs.p50, manual.fanout.latencyMs.p50),
    fanoutLatencyP99: ratio(withMax.fanout.latencyMs.p99, manual.fanout.latencyMs.p99),
  };
}

function printRun(target, name, run) {
  const b = run.bidStorm;
  const f = run.fanout;
  const inv = run.invariants;
  console.log(`  [${target} · ${name}]
    offered ${b.offeredPerSec}/s  accepted ${b.acceptedPerSec}/s  rejected ${b.rejectedPerSec}/s ${JSON.stringify(b.rejectionCodes)}  AUCTION_BUSY ${b.busyPerSec}/s  errors ${b.errorsPerSec}/s ${JSON.stringify(b.errorCodes)}
    answered ${b.answeredPerSec}/s  bidders' CPU ${b.bidderCpuMs} ms${f.watchers ? `  watchers' CPU ${f.watcherCpuMs} ms` : ''}
    bid latency p50 ${b.latencyMs.p50} ms  p95 ${b.latencyMs.p95} ms  p99 ${b.latencyMs.p99} ms  (p99 with the warm-up ${b.latencyMsIncludingWarmup.p99} ms)${
      f.watchers
        ? `
    commit→watcher p50 ${f.latencyMs.p50} ms  p99 ${f.latencyMs.p99} ms  (latest bid of each message: p50 ${f.latestBidLatencyMs.p50} ms  p99 ${f.latestBidLatencyMs.p99} ms)
    converged ${f.watchersConvergedOnFinalPrice}/${f.watchers}${f.convergedWithinMs == null ? '' : ` within ${f.convergedWithinMs} ms`}
    new_bid ${f.messageBytes} B avg  ${f.messagesPerSecPerReplica} msg/s per replica  ${f.broadcastsPerSec} broadcasts/s`
        : ''
    }
    invariants ${inv.violations} violations${inv.violations ? '\n      ' + inv.details.join('\n      ') : ''}`);
  if (run.ramp) console.log(`    capacity ${formatCapacity(run.ramp.capacity)}`);
  if (run.overload) console.log(`    overload ${formatOverload(run.overload)}`);
  if (run.serverMetrics) console.log(formatServerMetrics(run.serverMetrics));
}

async function main() {
  console.log(
    `Mazad benchmark — targets ${targets.join(' + ')}, scenarios ${scenarioNames.join(', ')} — ${JSON.stringify(cfg)}`,
  );
  const env = await createEnvironment({
    portBase: opts['port-base'] ? +opts['port-base'] : undefined,
    metricsPortBase: opts['metrics-port-base'] ? +opts['metrics-port-base'] : undefined,
    databasePrefix: opts['db-prefix'],
  });
  const runs = { product: {}, reference: {} };
  try {
    const [seller] = await env.createMembers(1, 'بائع');
    const bidders = await env.createMembers(cfg.bidders, 'مزايد');

    console.log(`Single-writer ceiling: the bid SQL on one connection for ${cfg.dbSeconds}s…`);
    const limitAuction = await env.createAuction(seller.id);
    const dbLimit = await measureDbSingleWriter(env.databaseUrl, limitAuction, bidders[0].id, cfg.dbSeconds);

    for (const target of targets) {
      console.log(`Starting ${cfg.instances} ${target} instances…`);
      const servers = [];
      for (let i = 0; i < cfg.instances; i++)
        servers.push(await (target === 'product' ? env.startServer() : env.startReference()));
      try {
        for (const name of scenarioNames) {
          const s = scenarioFor(name, runs[target]);
          if (s?.productOnly && target !== 'product') {
            console.log(`  ${target} · ${name}: skipped (the reference server has no automatic bidding)`);
            continue;
          }
          if (!s) {
            console.log(
              `  ${target} · ${name}: skipped (no capacity measured: run the ramp first or give --overload-rate)`,
            );
            continue;
          }
          console.log(`  ${target} · ${name}: ${describeLoad(s)}…`);
          runs[target][name] = s.run
            ? await s.run({ env, servers, seller, bidders, warmup: cfg.warmup })
            : await runScenario(env, servers, seller, bidders, s);
          printRun(target, name, runs[target][name]);
          s.print?.(runs[target][name]);
        }
      } finally {
        await env.stopServers();
      }
    }

    // The historic fields come from the product's storm (the reference's when only it ran).
    const main =
      runs.product.storm ?? runs.reference.storm ?? Object.values(runs.product)[0] ?? Object.values(runs.reference)[0];
    const scenarios = {};
    for (const name of scenarioNames) {
      const product = runs.product[name];
      const reference = runs.reference[name];
      scenarios[name] = {
        about: SCENARIOS[name].about,
        // The ramp's and the overload's rates are per target: in their runs (bidStorm, ramp, overload).
        offeredPerSec: SCENARIOS[name].rate ?? null,
        durationSec: SCENARIOS[name].duration ?? null,
        ...(SCENARIOS[name].ramp ? { ramp: SCENARIOS[name].ramp } : {}),
        watchers: SCENARIOS[name].watchers,
        product,
        reference,
        ratioToReference: product && reference ? ratios(product, reference) : undefined,
        // Maximums in the storm against the manual storm of the same run (same load, same product).
        ratioToManualStorm:
          SCENARIOS[name].maxShare && product && runs.product.storm
            ? withoutMaximumsRatios(product, runs.product.storm)
            : undefined,
      };
    }
    const allRuns = Object.entries(runs).flatMap(([target, byName]) =>
      Object.entries(byName).map(([name, run]) => ({ target, name, run })),
    );
    const productRuns = allRuns.filter((r) => r.target === 'product');
    const capacity = capacityReport(runs.product.ramp?.ramp, runs.reference.ramp?.ramp);
    const checkedRuns = productRuns.length ? productRuns : allRuns;
    const report = {
      startedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      config: {
        ...cfg,
        quick,
        target: opts.target,
        bidTransport: opts['bid-transport'],
        scenarios: scenarioNames,
        scenarioSeconds: seconds,
      },
      bidStorm: {
        ...main.bidStorm,
        dbSingleWriterTps: round(dbLimit.tps),
        dbSingleWriterTool: dbLimit.tool,
        ratioToDbLimit: round(main.bidStorm.acceptedPerSec / dbLimit.tps, 2),
      },
      fanout: main.fanout,
      serverMetrics: main.serverMetrics,
      // Every run of the product (every run when only the reference ran): violations added up.
      invariants: {
        checked: true,
        violations: checkedRuns.reduce((n, r) => n + r.run.invariants.violations, 0),
        details: checkedRuns.flatMap((r) => r.run.invariants.details.map((d) => `${r.name}: ${d}`)).slice(0, 20),
        finalPriceFils: main.invariants.finalPriceFils,
      },
      reference: runs.reference.storm
        ? {
            ...runs.reference.storm,
            bidStorm: {
              ...runs.reference.storm.bidStorm,
              ratioToDbLimit: round(runs.reference.storm.bidStorm.acceptedPerSec / dbLimit.tps, 2),
            },
          }
        : undefined,
      // The storm's ratios, and the headline ratio of each other scenario (the targets of docs/performance.md).
      ratioToReference:
        targets.length === 2
          ? {
              ...(runs.product.storm && runs.reference.storm ? ratios(runs.product.storm, runs.reference.storm) : {}),
              saturationAcceptedPerSec: scenarios.saturation?.ratioToReference?.acceptedPerSec,
              latency600BidLatencyP99: scenarios.latency600?.ratioToReference?.bidLatencyP99,
              fanoutLatencyP99At50: scenarios.fanout?.ratioToReference?.fanoutLatencyP99,
              capacityBidsPerSec: capacity?.ratioToReference,
            }
          : undefined,
      capacity,
      overload: overloadReport(runs.product.overload?.overload, runs.reference.overload?.overload),
      scenarios,
    };
    const b = report.bidStorm;
    console.log(`
DB ceiling  ${b.dbSingleWriterTps} bids/s on one connection (${b.dbSingleWriterTool}); storm accepted/ceiling = ${b.ratioToDbLimit}`);
    for (const name of scenarioNames) {
      const m = scenarios[name].ratioToManualStorm;
      if (m)
        console.log(
          `${name.padEnd(11)} over the manual storm: accepted ${m.acceptedPerSec}  answered ${m.answeredPerSec}  bid p50 ${m.bidLatencyP50} p99 ${m.bidLatencyP99}  commit→watcher p50 ${m.fanoutLatencyP50} p99 ${m.fanoutLatencyP99}`,
        );
      const r = scenarios[name].ratioToReference;
      if (r)
        console.log(
          `${name.padEnd(11)} product/reference: accepted ${r.acceptedPerSec}  bid p99 ${r.bidLatencyP99}  fan-out p99 ${r.fanoutLatencyP99}  message bytes ${r.messageBytes}`,
        );
    }
    if (capacity)
      console.log(
        `Capacity    ${formatCapacity(capacity)}${capacity.reference ? `; reference ${formatCapacity(capacity.reference)}; product/reference ${capacity.ratioToReference}` : ''}`,
      );
    for (const [target, o] of Object.entries(report.overload ?? {}))
      if (o) console.log(`Overload    ${target}: ${formatOverload(o)}`);
    console.log(`Invariants: ${report.invariants.violations} violations over ${checkedRuns.length} runs`);
    const out = resolve(opts.out);
    const html = resolve(opts.report ?? out.replace(/(\.json)?$/, '.html'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(report, null, 2));
    writeHtmlReport(html, benchHtmlReport(report));
    if (process.env.BENCH_DUMP)
      writeFileSync(process.env.BENCH_DUMP, JSON.stringify(main.results.map((r) => [r.at, r.ms, r.status])));
    console.log(`\nWritten to ${out} and ${html}`);
    const errors = allRuns.reduce((n, r) => n + r.run.bidStorm.errorsPerSec, 0);
    const violations = allRuns.reduce((n, r) => n + r.run.invariants.violations, 0);
    process.exitCode = violations === 0 && errors === 0 ? 0 : 1;
  } finally {
    await env.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
