/**
 * The `market` scenario (load-tests/README.md): a thousand live auctions at once instead of one
 * hot auction. Watchers join one auction each and bids spread over the auctions, both by a
 * skewed popularity (lib/market.mjs); bids go to every instance, every other one over the socket
 * and over HTTP. Besides the storm's figures it measures what only a market shows: per-auction
 * convergence, the Redis adapter's traffic, memory per connected watcher, throughput per
 * instance and CPU per process (lib/market-measures.mjs, lib/market-redis.mjs).
 *
 * The steps, on one target's running instances:
 *   1. the auctions (the environment's fixtures, as the storm's hot auction) and the plan;
 *   2. each server's RSS, then the watchers (WATCHERS_PER_PROCESS to a process), then, once all
 *      joined and the servers settled, each server's RSS again: memory per watcher;
 *   3. the bids (lib/bid-storm.mjs with the plan's target per bid), with the servers' /metrics,
 *      the adapter's messages and every process's CPU recorded over them;
 *   4. the database's final state: each auction's invariants and its watchers' convergence.
 */
import { isBusy, isError, isRejected, runBidStorm, startWatchers, stormSeries } from './bid-storm.mjs';
import { REDIS_URL } from './environment.mjs';
import { bidInvariantViolations } from './invariants.mjs';
import { marketPlan } from './market.mjs';
import {
  cpuBetween,
  distinctBroadcasts,
  marketConvergence,
  memoryPerWatcher,
  mergeWatcherReports,
  perInstanceThroughput,
  readProcess,
  socketsPerServer,
} from './market-measures.mjs';
import { countAdapterTraffic } from './market-redis.mjs';
import { recordServerMetrics } from './server-metrics.mjs';
import { percentile, round } from './stats.mjs';

/** One watchers' process reads this many sockets' frames at most: more would take its core. */
const WATCHERS_PER_PROCESS = 5_000;
/** The target: every watcher on its auction's final price within 2 s of that auction's last bid. */
const CONVERGE_WITHIN_MS = 2_000;
/** After the last watcher joined, before the second RSS reading: the handshakes' garbage settles. */
const SETTLE_AFTER_JOIN_MS = 3_000;
const STARTING_FILS = 1_000;
/** The plan's seed: the same auctions, watchers and bids run after run. */
const SEED = 24;

/** The options bench.mjs adds to its own (node:util parseArgs). */
export const MARKET_OPTIONS = {
  'market-auctions': { type: 'string', default: '1000' },
  'market-watchers': { type: 'string', default: '10000' },
  'market-rate': { type: 'string', default: '2000' },
  'market-skew': { type: 'string', default: '1' },
};

/** The scenario bench.mjs runs (its `run` and `print` replace the single-auction storm's). */
export function marketScenario(opts, quick) {
  const market = quick
    ? { auctions: 100, watchers: 400, rate: 200, seconds: 4, skew: +opts['market-skew'] }
    : {
        auctions: +opts['market-auctions'],
        watchers: +opts['market-watchers'],
        rate: +opts['market-rate'],
        seconds: +(opts['scenario-seconds'] ?? 30),
        skew: +opts['market-skew'],
      };
  return {
    rate: market.rate,
    duration: market.seconds,
    watchers: market.watchers,
    transport: 'mixed',
    about: `${market.auctions} live auctions, watchers and bids spread with a skewed popularity (Zipf s = ${market.skew}), bids over socket and HTTP to every instance`,
    run: (context) => runMarket({ ...context, market }),
    print: printMarket,
  };
}

/** Splits `items` into `parts` runs of nearly equal length. */
const split = (items, parts) =>
  Array.from({ length: parts }, (_, p) =>
    items.slice(Math.floor((p * items.length) / parts), Math.floor(((p + 1) * items.length) / parts)),
  );

async function runMarket({ env, servers, seller, bidders, warmup, market }) {
  // 1. The auctions and the plan.
  const auctionIds = [];
  for (let k = 0; k < market.auctions; k++) auctionIds.push(await env.createAuction(seller.id, STARTING_FILS));
  const plan = marketPlan({ ...market, seed: SEED, startingFils: STARTING_FILS });
  const urls = servers.map((s) => s.url);

  // 2. Memory per watcher: RSS before the watchers, and after they all joined and things settled.
  const rssBefore = servers.map((s) => readProcess(s.pid).rssBytes);
  const slices = split(
    plan.watcherAuctions.map((k) => auctionIds[k]),
    Math.ceil(market.watchers / WATCHERS_PER_PROCESS),
  );
  const watchers = await Promise.all(slices.map((ids) => startWatchers(urls, ids.length, null, false, ids)));
  await new Promise((r) => setTimeout(r, SETTLE_AFTER_JOIN_MS));
  const sockets = socketsPerServer(
    slices.map((ids) => ids.length),
    servers.length,
  );
  const memory = memoryPerWatcher(
    servers.map((s, k) => ({
      rssBeforeBytes: rssBefore[k],
      rssAfterBytes: readProcess(s.pid).rssBytes,
      sockets: sockets[k],
    })),
  );

  // 3. The bids, with everything recorded over them.
  const processes = [
    ...servers.map((s, k) => ({ name: `server ${k + 1}`, pid: s.pid })),
    ...watchers.map((w, k) => ({ name: `watchers ${k + 1}`, pid: w.pid })),
  ];
  const metricsUrls = servers.map((s) => s.metricsUrl).filter(Boolean);
  const metrics = metricsUrls.length ? recordServerMetrics(metricsUrls, { token: env.env.METRICS_TOKEN }) : null;
  await metrics?.ready;
  const adapter = await countAdapterTraffic(REDIS_URL, env.env.REDIS_PREFIX);
  const cpuBefore = processes.map((p) => ({ name: p.name, ...readProcess(p.pid) }));
  const cpuFrom = performance.now();
  const auctionOfBid = [];
  const storm = await runBidStorm({
    urls,
    bidUrls: urls,
    auctionId: auctionIds[0],
    bidders,
    rate: market.rate,
    durationSec: market.seconds,
    watchers: 0,
    startingFils: STARTING_FILS,
    transport: 'mixed',
    target: (i) => {
      const { auction, amountFils } = plan.target();
      auctionOfBid[i] = auction;
      return { auctionId: auctionIds[auction], amountFils };
    },
  });
  const cpu = cpuBetween(
    cpuBefore,
    processes.map((p) => readProcess(p.pid)),
    (performance.now() - cpuFrom) / 1000,
  );
  const traffic = await adapter.stop();
  const serverMetrics = (await metrics?.stop()) ?? null;
  await Promise.all(watchers.map((w) => w.settle(1_000, CONVERGE_WITHIN_MS + 3_000)));
  const heard = mergeWatcherReports(
    await Promise.all(watchers.map((w) => w.stop(storm.startedAt, true))),
    storm.startedAt,
  );

  // 4. The database's word: final prices, invariants per auction, convergence.
  const finals = await readFinals(env.db, auctionIds);
  const resultsOf = new Map(auctionIds.map((id) => [id, []]));
  for (const r of storm.results) resultsOf.get(auctionIds[auctionOfBid[r.i]]).push(r);
  const violations = auctionIds.flatMap((id, k) =>
    bidInvariantViolations({ auction: finals.get(id), bids: finals.get(id).bids, results: resultsOf.get(id) }).map(
      (v) => `auction ${k + 1}: ${v}`,
    ),
  );
  const convergence = marketConvergence(heard.views, finals, CONVERGE_WITHIN_MS);
  const watchersOf = new Array(market.auctions).fill(0);
  for (const k of plan.watcherAuctions) watchersOf[k]++;

  const bidStorm = {
    ...bidFigures(storm, warmup),
    bidders: bidders.length,
    instances: servers.length,
    transport: 'mixed',
    bidderCpuMs: storm.bidderCpuMs,
    perInstance: perInstanceThroughput(storm.results, servers.length, storm.wallSeconds),
  };
  const run = {
    bidStorm,
    fanout: {
      instances: servers.length,
      watchers: market.watchers,
      messagesDelivered: heard.delivered,
      latencySamples: heard.samples,
      watchersConvergedOnFinalPrice: convergence.watchersOnFinalPrice,
      // As the storm's: the worst auction's last bid → its last watcher on the final price, when all converged.
      convergedWithinMs: convergence.allConverged ? convergence.worstMs : null,
      latencyMs: { p50: heard.p50, p99: heard.p99 },
      latestBidLatencyMs: { p50: heard.latestP50, p99: heard.latestP99 },
      messageBytes: heard.averageBytes,
      messagesPerSecPerReplica: round(heard.delivered / storm.wallSeconds / servers.length),
      // Distinct new_bid messages per second, over every watched auction.
      broadcastsPerSec: round(distinctBroadcasts(heard.views) / storm.wallSeconds),
      watcherCpuMs: heard.cpuMs,
    },
    market: {
      auctions: market.auctions,
      skew: market.skew,
      seed: SEED,
      hottest: { bidShare: round(plan.shares[0] * 100, 2), watchers: watchersOf[0] },
      auctionsWithoutWatchers: watchersOf.filter((n) => n === 0).length,
      auctionsWithBids: [...finals.values()].filter((f) => f.lastBidAt !== null).length,
      convergence,
      redisAdapter: traffic,
      memory,
      // The servers' CPU per bid answered: with the cores they had, what bounds an instance's throughput.
      serverCpuMsPerAnsweredBid: round(
        cpu.filter((p) => p.name.startsWith('server')).reduce((n, p) => n + p.cpuMs, 0) /
          Math.max(1, bidStorm.answeredPerSec * storm.wallSeconds),
        2,
      ),
      cpu: [
        ...cpu,
        { name: 'bidders', cpuMs: storm.bidderCpuMs, percentOfCore: round(storm.bidderCpuMs / 10 / storm.wallSeconds) },
      ],
    },
    invariants: {
      checked: true,
      auctions: market.auctions,
      violations: violations.length,
      details: violations.slice(0, 20),
    },
    serverMetrics,
    series: stormSeries({ results: storm.results, watchers: heard }),
  };
  Object.defineProperty(run, 'results', { value: storm.results, enumerable: false });
  return run;
}

/**
 * The bid figures under the same names as the storm's runs (bench.mjs runScenario), so the
 * report's table, charts and product ÷ reference ratios read a market run like any other.
 */
export function bidFigures({ results, wallSeconds, sendSeconds }, warmupSec) {
  const accepted = results.filter((r) => r.status === 200).length;
  const rejected = results.filter(isRejected);
  const busy = results.filter(isBusy);
  const errors = results.filter(isError);
  const count = (codes) => {
    const byCode = {};
    for (const c of codes) byCode[c] = (byCode[c] ?? 0) + 1;
    return byCode;
  };
  const latency = (rs) => {
    const ms = rs.map((r) => r.ms);
    return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
  };
  const steady = results.filter((r) => r.at >= warmupSec);
  const answered = (accepted + rejected.length) / wallSeconds;
  return {
    durationSec: round(wallSeconds),
    offeredPerSec: round(results.length / sendSeconds),
    acceptedPerSec: round(accepted / wallSeconds),
    rejectedPerSec: round(rejected.length / wallSeconds),
    busyPerSec: round(busy.length / wallSeconds),
    errorsPerSec: round(errors.length / wallSeconds),
    rejectionCodes: count(rejected.map((r) => r.code)),
    errorCodes: count(errors.map((r) => r.code ?? r.status)),
    latencyMs: latency(steady),
    latencyMsIncludingWarmup: latency(results),
    warmupSec,
    answeredPerSec: round(answered),
    saturated: answered < 0.95 * (results.length / sendSeconds),
    byTransport: Object.fromEntries(
      ['http', 'socket'].map((via) => {
        const mine = steady.filter((r) => (r.via ?? 'http') === via);
        const { p50, p99 } = latency(mine);
        return [
          via,
          {
            bids: mine.length,
            accepted: mine.filter((r) => r.status === 200).length,
            errors: mine.filter(isError).length,
            latencyMs: { p50, p99 },
          },
        ];
      }),
    ),
  };
}

/** Each auction's stored state after the run: `{ price, bidCount, priceFils, lastBidAt, bids }` by id. */
async function readFinals(db, auctionIds) {
  const { rows: auctions } = await db.query(
    `SELECT a.id, a.current_price_fils::bigint AS price, a.bid_count,
            (SELECT extract(epoch FROM max(b.created_at)) * 1000 FROM bids b WHERE b.auction_id = a.id) AS last_bid_ms
       FROM auctions a WHERE a.id = ANY($1::uuid[])`,
    [auctionIds],
  );
  const { rows: bids } = await db.query(
    `SELECT auction_id, id, seq, bidder_id, amount_fils::bigint AS amount, is_automatic
       FROM bids WHERE auction_id = ANY($1::uuid[]) ORDER BY auction_id, seq`,
    [auctionIds],
  );
  const finals = new Map(
    auctions.map((a) => [
      a.id,
      {
        price: Number(a.price),
        priceFils: Number(a.price),
        bidCount: Number(a.bid_count),
        lastBidAt: a.last_bid_ms == null ? null : Number(a.last_bid_ms),
        bids: [],
      },
    ]),
  );
  for (const b of bids)
    finals.get(b.auction_id).bids.push({
      id: b.id,
      seq: Number(b.seq),
      bidderId: b.bidder_id,
      amount: Number(b.amount),
      automatic: b.is_automatic,
    });
  return finals;
}

const thousands = (n) => (n ?? 0).toLocaleString('en-US');

/** The market's own lines, printed after the storm-shaped ones. */
function printMarket(run) {
  const m = run.market;
  const c = m.convergence;
  const r = m.redisAdapter;
  console.log(`    market: ${m.auctions} auctions (Zipf s = ${m.skew}: the hottest has ${m.hottest.bidShare} % of the bids and ${m.hottest.watchers} watchers; ${m.auctionsWithoutWatchers} without watchers), ${m.auctionsWithBids} got bids
    converged within ${c.withinMs} ms: ${c.watchersConverged}/${c.watchers} watchers, ${c.auctionsConverged}/${c.auctionsWatched} watched auctions (worst ${c.worstMs ?? 'n/a'} ms; on the final price at all: ${c.watchersOnFinalPrice})
    Redis adapter ${thousands(r.messagesPerSec)} msg/s, ${thousands(r.bytesPerSec)} B/s (over ${r.seconds} s: ${thousands(r.byKind.broadcast)} broadcasts, ${thousands(r.byKind.request)} requests, ${thousands(r.byKind.response)} responses); publish calls ${thousands(r.redisPublishCallsPerSec)}/s (the whole Redis server)
    memory per watcher ${m.memory.kbPerWatcher} KB (${m.memory.servers.map((s, k) => `server ${k + 1}: +${s.growthMB} MB / ${s.sockets} sockets`).join(', ')})
    per instance answered/s: ${run.bidStorm.perInstance.map((p) => p.answeredPerSec).join(', ')}
    CPU (% of one core): ${m.cpu.map((p) => `${p.name} ${p.percentOfCore}`).join(', ')}; servers' CPU per answered bid ${m.serverCpuMsPerAnsweredBid} ms`);
}
