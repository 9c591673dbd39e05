/**
 * The chaos scenarios: each runs a bid storm with watchers on a hot auction (plus quiet auctions
 * due to end during the fault) against two replicas, injects ONE fault, lets the system recover,
 * then checks (checks.mjs). `runChaos({ quick })` runs them all on one private deployment
 * (deployment.mjs) and returns the report; run.mjs prints and writes it, quick.test.mjs asserts it.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { ROOT } from '../../scripts/lib/server-process.cjs';
import { formatServerMetrics, recordServerMetrics } from '../lib/server-metrics.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { checkScenario } from './checks.mjs';
import { startBidders, startWatchers } from './clients.mjs';
import { createDeployment } from './deployment.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Run sizes. `hot`/`quiet`: the auctions' durations (AUCTION_DURATIONS of the deployment);
 * bids are sent for `stormSec` (ending before the hot auction's end, so the anti-sniping
 * extension — BID_EXTENSION `extension` — lets it end); the fault strikes at `faultAt`.
 */
export const MODES = {
  quick: { rate: 40, bidders: 20, watchers: 40, hot: 20, quiet: 10, stormSec: 16, faultAt: 5, outage: 3, extension: 2 },
  long: {
    rate: 100,
    bidders: 50,
    watchers: 200,
    hot: 60,
    quiet: 30,
    stormSec: 55,
    faultAt: 20,
    outage: 5,
    extension: 2,
  },
};

/**
 * The overdue sweep of every replica (server/src/auctions/scheduling/auction-end.scheduler.ts:
 * every 15 s, 2 s grace) bounds how late an auction whose end job was lost can end; plus the
 * time a restarted dependency takes to answer again.
 */
export const END_BOUND_SEC = 15 + 2 + 8;

/** A bid answered later than this (retries included) was disturbed by the fault. */
const DISTURBED_SEC = 2;

/**
 * Each fault: `inject(d, mode, mark)` at `faultAt` seconds; it may wait and repair (restart
 * what it stopped), calling `mark(label)` for the report's markers. `quietOn`: the replica that
 * lists (and so schedules the end of) the scenario's auctions.
 */
export const SCENARIOS = [
  {
    name: 'kill-replica',
    about: 'kill -9 one replica mid-storm; its clients reconnect to the other; it restarts',
    quietOn: 1,
    async inject(d, mode, mark) {
      await d.killReplica(1);
      mark('replica 2 killed (SIGKILL)');
      await sleep(mode.outage * 1000);
      await d.startReplica(1);
      mark('replica 2 restarted');
    },
  },
  {
    name: 'flush-redis',
    about: 'FLUSHDB on the deployment Redis mid-auction: locks, end jobs, idempotency records, counters gone',
    quietOn: 0,
    async inject(d, _mode, mark) {
      await d.flushRedis();
      mark('Redis FLUSHDB');
    },
  },
  {
    name: 'restart-redis',
    about: 'stop redis-server mid-storm, start it again (empty: it saves nothing) after the outage',
    quietOn: 0,
    async inject(d, mode, mark) {
      await d.stopRedis();
      mark('Redis stopped');
      await sleep(mode.outage * 1000);
      await d.startRedis();
      mark('Redis started (empty)');
    },
  },
  {
    name: 'restart-postgres',
    about: 'PostgreSQL stopped immediately (a crash: WAL replayed at start) mid-storm, started again',
    quietOn: 0,
    async inject(d, mode, mark) {
      await d.postgres.stop('immediate');
      mark('PostgreSQL stopped (immediate)');
      await sleep(mode.outage * 1000);
      await d.postgres.start();
      mark('PostgreSQL started');
    },
  },
  {
    name: 'end-while-scheduler-dead',
    about: 'auctions listed on replica 2 (which scheduled their end jobs) fall due while it is dead',
    quietOn: 1,
    async inject(d, mode, mark) {
      await d.killReplica(1);
      mark('replica 2 killed (SIGKILL)');
      // Dead until the hot auction's end has passed too (every auction of the scenario is due).
      await sleep((mode.hot - mode.faultAt + mode.extension + 3) * 1000);
      await d.startReplica(1);
      mark('replica 2 restarted');
    },
  },
];

/** Verified members inserted directly, with tokens signed by the deployment's secret. */
async function createMembers(d, count, prefix) {
  const members = [];
  for (let i = 0; i < count; i++) {
    const {
      rows: [u],
    } = await d.db.query(
      `INSERT INTO users (name, email, phone, location, password_hash, is_verified)
       VALUES ($1, $2, '0790000000', 'عمّان', 'chaos-account-no-login', true) RETURNING id, token_version`,
      [`${prefix} ${i + 1}`, `chaos-${randomUUID()}@chaos.invalid`],
    );
    members.push({
      id: u.id,
      token: jwt.sign({ sub: u.id, tv: u.token_version }, d.env.JWT_SECRET, { expiresIn: '6h' }),
    });
  }
  return members;
}

let imageBytes;
/** A small real PNG (the server checks uploads by content), made with the server's own sharp. */
async function image() {
  if (!imageBytes) {
    const sharp = createRequire(join(ROOT, 'server', 'package.json'))('sharp');
    imageBytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();
  }
  return imageBytes;
}

/** Lists an auction through the API of replica `url`, so THAT replica schedules its end job. */
async function listAuction(url, seller, duration, title) {
  const form = new FormData();
  form.set('title', title);
  form.set('description', 'مزاد اختبار الفوضى');
  form.set('category', 'سيارات');
  form.set('auctionDuration', duration);
  form.set('startingPrice', '10');
  form.append('images', new Blob([await image()], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${url}/api/auctions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seller.token}` },
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`listing an auction failed: ${res.status} ${JSON.stringify(body)}`);
  return (body.auction ?? body).id;
}

async function healthOf(urls) {
  return Promise.all(
    urls.map(async (url) => {
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
        await res.body?.cancel();
        return res.status === 200;
      } catch {
        return false;
      }
    }),
  );
}

/** Waits until `probe()` is true (polling), up to `seconds`; returns whether it got there. */
async function waitFor(probe, seconds, intervalMs = 250) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(intervalMs);
  }
}

async function runScenario(d, scenario, mode, members, log) {
  const [seller, ...bidders] = members;
  const lister = d.urls[scenario.quietOn];
  const hot = await listAuction(lister, seller, `${mode.hot}s`, `مزاد ساخن ${scenario.name}`);
  const quiet = [];
  for (let i = 0; i < 2; i++) quiet.push(await listAuction(lister, seller, `${mode.quiet}s`, `مزاد هادئ ${i + 1}`));
  const t0 = performance.now();
  const now = () => round((performance.now() - t0) / 1000, 2);
  const markers = [];
  const mark = (label) => {
    markers.push({ at: now(), label });
    log(`    ${now().toFixed(1)}s  ${label}`);
  };

  // The replicas' own figures over the scenario (a killed replica's counts restart from zero).
  const serverMetrics = recordServerMetrics(d.metricsUrls, { token: d.env.METRICS_TOKEN });
  await serverMetrics.ready;
  const watch = startWatchers({ urls: d.urls, count: mode.watchers, auctionId: hot, t0 });
  await watch.ready;
  mark('storm starts');
  const storm = startBidders({
    urls: d.urls,
    auctionId: hot,
    bidders,
    rate: mode.rate,
    durationSec: mode.stormSec,
    startingFils: 10_000,
    t0,
  });
  await sleep(Math.max(0, mode.faultAt * 1000 - (performance.now() - t0)));
  const faultAt = now();
  await scenario.inject(d, mode, mark);
  await storm.done;
  mark('every bid answered');

  // Every auction of the scenario must end (bounded by END_BOUND_SEC after its end time).
  const ids = [hot, ...quiet];
  const { rows: ends } = await d.db.query(`SELECT max(end_time) AS last FROM auctions WHERE id = ANY($1)`, [ids]);
  const waitSec = Math.max(0, (new Date(ends[0].last).getTime() - Date.now()) / 1000) + END_BOUND_SEC + 5;
  await waitFor(async () => {
    const { rows } = await d.db.query(
      `SELECT count(*)::int AS n FROM auctions WHERE id = ANY($1) AND ended_at IS NULL`,
      [ids],
    );
    return rows[0].n === 0;
  }, waitSec);
  mark('auctions ended');
  // Watchers converge on what the database says (the push, or their catch-up read after a reconnect).
  const { rows: final } = await d.db.query(
    `SELECT current_price_fils::bigint AS p, status FROM auctions WHERE id = $1`,
    [hot],
  );
  await waitFor(
    async () => watch.watchers.every((w) => w.priceFils === Number(final[0].p) && w.status === final[0].status),
    15,
  );
  const watchers = watch.stop();
  const healthy = await waitFor(async () => (await healthOf(d.urls)).every(Boolean), 30);
  const health = await healthOf(d.urls);
  const metrics = await serverMetrics.stop();
  if (!healthy) log('    a replica does not answer /api/health');

  // Time to recover: from the fault until the last bid it disturbed (one that needed a retry or
  // waited over DISTURBED_SEC for its answer) was answered; 0 when clients noticed nothing.
  const lastDisturbed = storm.records
    .filter((r) => r.attempts > 1 || r.answeredAt - r.sentAt > DISTURBED_SEC)
    .reduce((max, r) => Math.max(max, r.answeredAt), faultAt);
  const result = await checkScenario(d.db, {
    hotAuctionId: hot,
    auctionIds: ids,
    records: storm.records,
    watchers,
    endBoundSec: END_BOUND_SEC,
    health,
  });
  // A replica that died on its own (the fault was elsewhere, or it was not the one killed).
  const crashes = d.takeCrashes();
  for (const c of crashes) log(`    replica ${c.replica} crashed (${c.exit}):\n${c.output}`);
  result.checks.noReplicaCrashed = {
    ok: crashes.length === 0,
    crashes: crashes.map(({ replica, exit }) => ({ replica, exit })),
  };
  const outcomes = {};
  for (const r of storm.records) {
    const k = r.outcome === 'refused' ? `refused ${r.code}` : r.outcome;
    outcomes[k] = (outcomes[k] ?? 0) + 1;
  }
  const bidBuckets = storm.buckets;
  const seconds = Math.max(bidBuckets.last, watch.buckets.last) + 1;
  const x = Array.from({ length: seconds }, (_, s) => s);
  const p = (q) => (values) => (values.length ? percentile(values, q) : null);
  return {
    name: scenario.name,
    about: scenario.about,
    acknowledged: result.acknowledged,
    lost: result.lost,
    duplicated: result.duplicated,
    leftOpen: result.leftOpen,
    recoverSeconds: round(lastDisturbed - faultAt, 2),
    bids: storm.records.length,
    // Every other bid over the socket (place_bid with an acknowledgement), the others over HTTP.
    acknowledgedBy: Object.fromEntries(
      ['http', 'socket'].map((via) => [
        via,
        storm.records.filter((r) => r.via === via && r.outcome === 'acknowledged').length,
      ]),
    ),
    stored: result.stored,
    retriedAttempts: storm.records.reduce((n, r) => n + r.attempts - 1, 0),
    outcomes,
    watcherReconnects: watchers.reduce((n, w) => n + w.reconnects, 0),
    watcherMaxOfflineSec: round(Math.max(0, ...watchers.map((w) => w.offlineSec)), 2),
    finalPriceFils: result.finalPriceFils,
    serverMetrics: metrics,
    checks: result.checks,
    ok: Object.values(result.checks).every((c) => c.ok),
    // The per-second series of the HTML report (not in the JSON).
    chart: {
      x,
      markers,
      accepted: bidBuckets.series('accepted', (v) => v.length, seconds),
      rejected: bidBuckets.series('rejected', (v) => v.length, seconds),
      retried: bidBuckets.series('retried', (v) => v.length, seconds),
      latency: [50, 95, 99].map((q) => ({ q, values: bidBuckets.series('latencyMs', p(q), seconds) })),
      watcher: [50, 99].map((q) => ({ q, values: watch.buckets.series('latencyMs', p(q), seconds) })),
      reconnects: watch.buckets.series('reconnects', (v) => v.length, seconds),
    },
  };
}

/**
 * Runs the scenarios (all, or those named in `only`) on one private deployment; always stops
 * everything it started. Returns `{ mode, startedAt, endBoundSec, scenarios }`.
 */
export async function runChaos({ quick = false, only, portBase = 3500, metricsPortBase, log = console.log } = {}) {
  const modeName = quick ? 'quick' : 'long';
  const mode = MODES[modeName];
  const chosen = only?.length ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS;
  if (only?.length && chosen.length !== only.length) throw new Error(`unknown scenario in ${only.join(', ')}`);
  const startedAt = new Date().toISOString();
  log(`Chaos (${modeName}): ${JSON.stringify(mode)}`);
  const d = await createDeployment({
    portBase,
    metricsPortBase,
    serverEnv: {
      RATE_LIMITS: 'off',
      BID_EXTENSION: `${mode.extension}s`,
      AUCTION_DURATIONS: `${mode.quiet}s,${mode.hot}s`,
    },
  });
  const scenarios = [];
  try {
    log(`  deployment: PostgreSQL :${d.postgres.port}, ${d.redisUrl}, replicas ${d.urls.join(' ')}`);
    const members = await createMembers(d, mode.bidders + 1, 'مزايد الفوضى');
    for (const scenario of chosen) {
      log(`  ${scenario.name}: ${scenario.about}`);
      const result = await runScenario(d, scenario, mode, members, log);
      scenarios.push(result);
      log(summaryLine(result));
      log(formatServerMetrics(result.serverMetrics));
      // The next scenario starts from a whole deployment.
      for (let i = 0; i < d.urls.length; i++) if (!d.server(i).isRunning()) await d.startReplica(i);
    }
  } finally {
    await d.close();
  }
  return { mode: modeName, config: mode, startedAt, endBoundSec: END_BOUND_SEC, scenarios };
}

export function summaryLine(s) {
  const failed = Object.entries(s.checks)
    .filter(([, c]) => !c.ok)
    .map(([name, c]) => `${name} ${JSON.stringify(c)}`);
  return (
    `    ${s.ok ? 'PASS' : 'FAIL'}  acknowledged ${s.acknowledged}/${s.bids} (http ${s.acknowledgedBy.http}, socket ${s.acknowledgedBy.socket})  lost ${s.lost}  duplicated ${s.duplicated}  left open ${s.leftOpen}` +
    `  recovered in ${s.recoverSeconds} s  retries ${s.retriedAttempts}  watcher reconnects ${s.watcherReconnects}` +
    `  latest end ${s.checks.endedOnTime.maxLateSec ?? '—'} s late  ${JSON.stringify(s.outcomes)}` +
    (failed.length ? `\n      failed: ${failed.join('\n      failed: ')}` : '')
  );
}
