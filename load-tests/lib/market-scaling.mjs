/**
 * The market scenario's runs on 1, 2, 3… instances side by side (market-scaling.mjs): one row
 * per run, from each run's JSON report (`scenarios.market.<target>`).
 */
import { round } from './stats.mjs';

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

/**
 * `reports`: `[{ instances, report }]` (each a bench JSON report with a market run of `target`).
 * Rows: throughput (whole and per instance, and per instance against the first run's), latency,
 * convergence, the Redis adapter's messages, memory per watcher, the servers' CPU.
 */
export function scalingSummary(reports, target) {
  const rows = reports.map(({ instances, report }) => {
    const run = report.scenarios?.market?.[target];
    if (!run) throw new Error(`the report for ${instances} instances has no ${target} market run`);
    const { bidStorm: b, fanout: f, market: m } = run;
    const servers = m.cpu.filter((p) => p.name.startsWith('server'));
    return {
      instances,
      offeredPerSec: b.offeredPerSec,
      answeredPerSec: b.answeredPerSec,
      acceptedPerSec: b.acceptedPerSec,
      answeredPerInstancePerSec: round(mean(b.perInstance.map((p) => p.answeredPerSec))),
      errorsPerSec: b.errorsPerSec,
      bidP50Ms: b.latencyMs.p50,
      bidP99Ms: b.latencyMs.p99,
      watcherP99Ms: f.latencyMs.p99,
      watchersConverged: `${m.convergence.watchersConverged}/${m.convergence.watchers}`,
      convergedWorstMs: m.convergence.worstMs,
      redisAdapterMsgPerSec: m.redisAdapter.messagesPerSec,
      kbPerWatcher: m.memory.kbPerWatcher,
      serverCpuPercentMean: round(mean(servers.map((p) => p.percentOfCore))),
      serverCpuMsPerAnsweredBid: m.serverCpuMsPerAnsweredBid,
      violations: run.invariants.violations,
    };
  });
  const first = rows[0]?.answeredPerInstancePerSec;
  for (const row of rows) row.perInstanceVsFirst = first ? round(row.answeredPerInstancePerSec / first, 2) : null;
  return { target, rows };
}
