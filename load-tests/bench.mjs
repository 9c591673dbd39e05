#!/usr/bin/env node
/**
 * `npm run bench`: bid storm + socket fan-out on a private two-instance deployment, the same
 * bid SQL on one database connection for the single-writer ceiling, and the invariant check.
 * Prints a summary and writes load-tests/results/latest.json.
 *
 *   npm run bench -- --duration 30 --rate 1200 --watchers 2000 --bidders 200 --instances 2 --bid-instances 1
 *   (bidders send to the first --bid-instances instances; watchers spread over all of them)
 *   npm run bench -- --quick            (a few seconds, for a smoke run)
 *   --warmup N: bid latency percentiles leave out bids sent in the first N seconds (default 3)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runBidStorm } from './lib/bid-storm.mjs';
import { measureDbSingleWriter } from './lib/db-limit.mjs';
import { createEnvironment } from './lib/environment.mjs';
import { percentile, round } from './lib/stats.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    rate: { type: 'string', default: '1200' },
    watchers: { type: 'string', default: '2000' },
    bidders: { type: 'string', default: '200' },
    instances: { type: 'string', default: '2' },
    'bid-instances': { type: 'string', default: '1' },
    'db-seconds': { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    quick: { type: 'boolean', default: false },
  },
});
const cfg = opts.quick
  ? { duration: 5, rate: 300, watchers: 200, bidders: 50, instances: 2, bidInstances: 1, dbSeconds: 3, warmup: 1 }
  : { duration: +opts.duration, rate: +opts.rate, watchers: +opts.watchers, bidders: +opts.bidders, instances: +opts.instances, bidInstances: +opts['bid-instances'], dbSeconds: +opts['db-seconds'], warmup: +opts.warmup };

async function checkInvariants(env, auctionId, results) {
  const violations = [];
  const { rows: [a] } = await env.db.query(`SELECT current_price_fils::bigint AS price, bid_count, status FROM auctions WHERE id = $1`, [auctionId]);
  const { rows: bids } = await env.db.query(`SELECT id, seq, amount_fils::bigint AS amount FROM bids WHERE auction_id = $1 ORDER BY seq`, [auctionId]);
  const accepted = results.filter((r) => r.status === 200);
  const acceptedIds = new Set(accepted.map((r) => r.bidId));
  if (bids.length !== accepted.length) violations.push(`stored bids ${bids.length} ≠ accepted answers ${accepted.length}`);
  if (acceptedIds.size !== accepted.length) violations.push('an accepted bid id was answered twice');
  for (const b of bids) if (!acceptedIds.has(b.id)) violations.push(`stored bid ${b.id} was never answered as accepted`);
  for (let i = 1; i < bids.length; i++) {
    if (Number(bids[i].amount) <= Number(bids[i - 1].amount)) violations.push(`amount not increasing at seq ${bids[i].seq}`);
  }
  const max = bids.length ? Math.max(...bids.map((b) => Number(b.amount))) : null;
  if (max !== null && Number(a.price) !== max) violations.push(`price ${a.price} ≠ highest accepted bid ${max}`);
  if (Number(a.bid_count) !== bids.length) violations.push(`bid_count ${a.bid_count} ≠ stored ${bids.length}`);
  return { checked: true, violations: violations.length, details: violations.slice(0, 20), finalPriceFils: Number(a.price) };
}

async function main() {
  console.log(`Mazad benchmark — ${JSON.stringify(cfg)}`);
  const env = await createEnvironment();
  try {
    const [seller] = await env.createMembers(1, 'بائع');
    const bidders = await env.createMembers(cfg.bidders, 'مزايد');

    console.log(`Single-writer ceiling: the bid SQL on one connection for ${cfg.dbSeconds}s…`);
    const limitAuction = await env.createAuction(seller.id);
    const dbLimit = await measureDbSingleWriter(env.databaseUrl, limitAuction, bidders[0].id, cfg.dbSeconds);

    console.log(`Starting ${cfg.instances} server instances…`);
    const servers = [];
    for (let i = 0; i < cfg.instances; i++) servers.push(await env.startServer());
    const startingFils = 1000;
    const auctionId = await env.createAuction(seller.id, startingFils);

    console.log(`Storm: ${cfg.rate} bids/s for ${cfg.duration}s from ${cfg.bidders} bidders, ${cfg.watchers} watchers…`);
    const storm = await runBidStorm({ urls: servers.map((s) => s.url), bidUrls: servers.slice(0, Math.max(1, cfg.bidInstances)).map((s) => s.url), auctionId, bidders, rate: cfg.rate, durationSec: cfg.duration, watchers: cfg.watchers, startingFils });

    const ok = storm.results.filter((r) => r.status === 200);
    const rejected = storm.results.filter((r) => r.status >= 400 && r.status < 500);
    const errors = storm.results.filter((r) => r.status === 0 || r.status >= 500);
    const invariants = await checkInvariants(env, auctionId, storm.results);
    const finalJod = invariants.finalPriceFils / 1000;
    const converged = storm.watchers.prices[finalJod] ?? 0;
    const acceptedPerSec = ok.length / storm.wallSeconds;
    const all = storm.results.map((r) => r.ms);
    const steady = storm.results.filter((r) => r.at >= cfg.warmup).map((r) => r.ms);
    const report = {
      startedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      config: cfg,
      bidStorm: {
        durationSec: round(storm.wallSeconds),
        bidders: cfg.bidders,
        instances: cfg.instances,
        offeredPerSec: round(storm.results.length / storm.sendSeconds),
        acceptedPerSec: round(acceptedPerSec),
        rejectedPerSec: round(rejected.length / storm.wallSeconds),
        errorsPerSec: round(errors.length / storm.wallSeconds),
        rejectionCodes: Object.fromEntries([...new Set(rejected.map((r) => r.code))].map((c) => [c, rejected.filter((r) => r.code === c).length])),
        // Steady state: bids sent after the warm-up (connections opened, code optimised by the JIT).
        latencyMs: { p50: percentile(steady, 50), p95: percentile(steady, 95), p99: percentile(steady, 99) },
        latencyMsIncludingWarmup: { p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99) },
        warmupSec: cfg.warmup,
        dbSingleWriterTps: round(dbLimit.tps),
        dbSingleWriterTool: dbLimit.tool,
        ratioToDbLimit: round(acceptedPerSec / dbLimit.tps, 2),
      },
      fanout: {
        instances: cfg.instances,
        watchers: cfg.watchers,
        messagesDelivered: storm.watchers.delivered,
        latencySamples: storm.watchers.samples,
        watchersConvergedOnFinalPrice: converged,
        latencyMs: { p50: storm.watchers.p50, p99: storm.watchers.p99 },
      },
      invariants,
    };
    const b = report.bidStorm;
    console.log(`
Bid storm (${b.durationSec}s, bidders on ${cfg.bidInstances} of ${cfg.instances} instances)
  offered        ${b.offeredPerSec} bids/s
  accepted       ${b.acceptedPerSec} bids/s   rejected ${b.rejectedPerSec}/s ${JSON.stringify(b.rejectionCodes)}   errors ${b.errorsPerSec}/s
  bid latency    p50 ${b.latencyMs.p50} ms   p95 ${b.latencyMs.p95} ms   p99 ${b.latencyMs.p99} ms   (after a ${cfg.warmup}s warm-up; p99 with it ${b.latencyMsIncludingWarmup.p99} ms)
  DB ceiling     ${b.dbSingleWriterTps} bids/s on one connection (${b.dbSingleWriterTool}); accepted/ceiling = ${b.ratioToDbLimit}
Fan-out (${cfg.watchers} watchers over ${cfg.instances} instances)
  commit→watcher p50 ${report.fanout.latencyMs.p50} ms   p99 ${report.fanout.latencyMs.p99} ms   messages ${storm.watchers.delivered}   converged ${converged}/${cfg.watchers}
Invariants: ${invariants.violations} violations${invariants.violations ? '\n  ' + invariants.details.join('\n  ') : ''}`);
    const out = join(dirname(fileURLToPath(import.meta.url)), 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'latest.json'), JSON.stringify(report, null, 2));
    if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(storm.results.map((r) => [r.at, r.ms, r.status])));
    console.log(`\nWritten to load-tests/results/latest.json`);
    process.exitCode = invariants.violations === 0 && errors.length === 0 ? 0 : 1;
  } finally {
    await env.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
