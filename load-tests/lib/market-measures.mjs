/**
 * The market scenario's figures, computed from what the run gathered (pure except `readProcess`,
 * which reads /proc): per-auction convergence, memory per connected watcher, throughput per
 * instance, CPU per process, and the watchers' processes' reports merged into one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isBusy, isError, isRejected } from './bid-storm.mjs';
import { bucketByMarks, percentile, percentileBySecond, round } from './stats.mjs';

/**
 * Every watcher of every auction on that auction's final price, and how soon. `views`: one
 * `[auctionId, last price heard (JOD) or null, when (epoch ms) or null, …]` per watcher;
 * `finals`: auctionId → `{ priceFils, lastBidAt }` as the database holds them after the run
 * (`lastBidAt`: the last bid's commit, epoch ms; null when the auction got no bid, so its
 * watchers, told nothing, are on its starting price). A watcher has converged when its last
 * message showed the final price no later than `withinMs` after the auction's last bid.
 */
export function marketConvergence(views, finals, withinMs) {
  let onFinalPrice = 0;
  let converged = 0;
  let worstMs = null;
  const auctions = new Map(); // auctionId → every watcher converged so far
  const missed = []; // a few watchers that did not converge, to tell a stale price from a late one
  for (const [auctionId, price, at] of views) {
    const final = finals.get(auctionId);
    if (!final) throw new Error(`no final price for auction ${auctionId}`);
    let ok;
    if (final.lastBidAt === null) {
      ok = price === null;
      if (ok) onFinalPrice++;
    } else {
      const onFinal = price !== null && Math.round(price * 1000) === final.priceFils;
      // Both clocks are this machine's (the database's commit time, the watchers' arrival time).
      const ms = onFinal ? Math.max(0, at - final.lastBidAt) : null;
      if (onFinal) {
        onFinalPrice++;
        worstMs = Math.max(worstMs ?? 0, ms);
      }
      ok = onFinal && ms <= withinMs;
    }
    if (ok) converged++;
    else if (missed.length < 5)
      missed.push({
        auctionId,
        heardPriceFils: price === null ? null : Math.round(price * 1000),
        finalPriceFils: final.priceFils,
        msAfterLastBid: at === null || final.lastBidAt === null ? null : Math.round(at - final.lastBidAt),
      });
    auctions.set(auctionId, (auctions.get(auctionId) ?? true) && ok);
  }
  const auctionsConverged = [...auctions.values()].filter(Boolean).length;
  return {
    withinMs,
    watchers: views.length,
    watchersOnFinalPrice: onFinalPrice,
    watchersConverged: converged,
    auctionsWatched: auctions.size,
    auctionsConverged,
    // From an auction's last bid to the last of its watchers on its final price, the worst auction.
    worstMs: worstMs === null ? null : Math.round(worstMs),
    allConverged: converged === views.length,
    missed,
  };
}

/**
 * Distinct new_bid broadcasts the watchers heard: per auction, the most messages any of its
 * watchers got (every watcher of an auction hears the same broadcasts), summed. `views` as for
 * marketConvergence, with the message count fourth.
 */
export function distinctBroadcasts(views) {
  const byAuction = new Map();
  for (const [auctionId, , , messages] of views)
    byAuction.set(auctionId, Math.max(byAuction.get(auctionId) ?? 0, messages));
  return [...byAuction.values()].reduce((n, m) => n + m, 0);
}

/**
 * Sockets per server when each watchers' process spreads its own watchers over the servers in
 * turn (watcher j of a process on server j % servers, lib/watchers-process.mjs).
 */
export function socketsPerServer(watchersPerProcess, servers) {
  const sockets = new Array(servers).fill(0);
  for (const count of watchersPerProcess)
    for (let k = 0; k < servers; k++) sockets[k] += Math.floor(count / servers) + (k < count % servers ? 1 : 0);
  return sockets;
}

/**
 * What a connected watcher costs a server: `samples` is one `{ rssBeforeBytes, rssAfterBytes,
 * sockets }` per server (resident memory before the watchers connected and once they all had
 * and the server settled; the sockets it then held). Per server: growth ÷ sockets; overall: the
 * growth summed over the sum of sockets. A server's RSS also moves with its heap's garbage, so
 * the figure is an estimate, good to a few KB per watcher with thousands of sockets.
 */
export function memoryPerWatcher(samples) {
  const servers = samples.map(({ rssBeforeBytes, rssAfterBytes, sockets }) => {
    const growthBytes = rssAfterBytes - rssBeforeBytes;
    return {
      sockets,
      rssBeforeMB: round(rssBeforeBytes / 2 ** 20),
      rssAfterMB: round(rssAfterBytes / 2 ** 20),
      growthMB: round(growthBytes / 2 ** 20),
      kbPerWatcher: sockets ? round(growthBytes / sockets / 1024) : null,
    };
  });
  const sockets = samples.reduce((n, s) => n + s.sockets, 0);
  const growth = samples.reduce((n, s) => n + s.rssAfterBytes - s.rssBeforeBytes, 0);
  return { sockets, kbPerWatcher: sockets ? round(growth / sockets / 1024) : null, servers };
}

/**
 * Bids answered (accepted or refused) and accepted per instance per second: result i went to
 * instance i % instances (lib/bid-storm.mjs runBidStorm).
 */
export function perInstanceThroughput(results, instances, wallSeconds) {
  const rows = Array.from({ length: instances }, (_, instance) => ({
    instance,
    answered: 0,
    accepted: 0,
    busy: 0,
    errors: 0,
  }));
  for (const r of results) {
    const row = rows[r.i % instances];
    if (r.status === 200) row.accepted++;
    if (r.status === 200 || isRejected(r)) row.answered++;
    if (isBusy(r)) row.busy++;
    if (isError(r)) row.errors++;
  }
  return rows.map(({ instance, answered, accepted, busy, errors }) => ({
    instance,
    answeredPerSec: round(answered / wallSeconds),
    acceptedPerSec: round(accepted / wallSeconds),
    busy,
    errors,
  }));
}

/** VmRSS of a /proc/<pid>/status text, in bytes. */
export function parseVmRss(statusText) {
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(statusText);
  if (!kb) throw new Error('no VmRSS line');
  return Number(kb[1]) * 1024;
}

/** User + system CPU of a /proc/<pid>/stat text (fields 14 and 15, in clock ticks), in ms. */
export function parseCpuMs(statText, ticksPerSecond) {
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = statText.slice(statText.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

let ticks;
const ticksPerSecond = () => (ticks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

/** A running process's resident memory (bytes) and CPU spent so far (ms), from /proc (Linux). */
export function readProcess(pid) {
  return {
    rssBytes: parseVmRss(readFileSync(`/proc/${pid}/status`, 'utf8')),
    cpuMs: parseCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'), ticksPerSecond()),
  };
}

/** CPU between two readings of the same processes (`{ name, cpuMs }`), in ms and in % of one core. */
export function cpuBetween(before, after, seconds) {
  return before.map(({ name, cpuMs }, k) => {
    const ms = after[k].cpuMs - cpuMs;
    return { name, cpuMs: Math.round(ms), percentOfCore: round(ms / 10 / seconds) };
  });
}

/**
 * The watchers' processes' reports (each stopped with `raw`) as one: counts added up,
 * latency percentiles and the per-second series over every process's samples, each watcher's
 * view kept. `origin`: the storm's start (epoch ms).
 */
export function mergeWatcherReports(reports, origin) {
  const sum = (key) => reports.reduce((n, r) => n + (r[key] ?? 0), 0);
  const latencies = reports.flatMap((r) => r.raw.latencies);
  const latest = reports.flatMap((r) => r.raw.latestLatencies);
  const perSecond = [];
  for (const r of reports)
    bucketByMarks(r.raw.latencies, r.raw.latencyMarks, origin).forEach((bucket, k) => {
      perSecond[k] = [...(perSecond[k] ?? []), ...bucket];
    });
  const buckets = Array.from(perSecond, (b) => b ?? []);
  const delivered = sum('delivered');
  const bytes = sum('bytes');
  return {
    delivered,
    bytes,
    averageBytes: delivered ? Math.round(bytes / delivered) : 0,
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latestP50: percentile(latest, 50),
    latestP99: percentile(latest, 99),
    bySecond: { p50: percentileBySecond(buckets, 50), p99: percentileBySecond(buckets, 99) },
    views: reports.flatMap((r) => r.views ?? []),
    cpuMs: sum('cpuMs'),
  };
}
