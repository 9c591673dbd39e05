/**
 * The bid storm: bidders (over HTTP with keep-alive connections, over the socket, or both:
 * `transport`) on one hot auction at a fixed arrival rate (an open model: a request leaves every
 * 1/rate s whether or not earlier ones answered), spread over the server instances, while socket
 * watchers on every instance measure commit-to-watcher latency from each bid's commit time (its
 * createdAt, taken by the database clock on this same machine).
 */
import { fork } from 'node:child_process';
import { Pool } from 'undici';
import { bidStepFils, LIVE_BID_ANSWER, path, routes } from '@mazad/contracts';
import { markMaxFils } from './invariants.mjs';
import { openSocketBidders } from './socket-bidders.mjs';
import { bucketBySecond, percentileBySecond } from './stats.mjs';

/**
 * With maximums in the storm, a maximum is set one step (R-BID-STEP, the least a maximum must
 * clear the price by) and this many fils above the manual bid that would have been sent: the
 * manual bids (10 fils apart) overtake it soon after, so maximums answer manual bids all through
 * the storm instead of running the price away from them.
 */
const MAX_MARGIN_FILS = 60;

/** A socket bid without an answer after this long counts as an error (status 0, TIMEOUT). */
const SOCKET_ANSWER_TIMEOUT_MS = 30_000;

/**
 * Starts the watchers in their own process (lib/watchers-process.mjs) and waits until all joined.
 * `auctionIds` (one per watcher) puts each watcher in an auction of its own instead of `auctionId`.
 */
export async function startWatchers(urls, count, auctionId, scanMarked, auctionIds) {
  const child = fork(new URL('./watchers-process.mjs', import.meta.url));
  // The next message of one of `types`; a process that exits first answers `failed` (no wait forever).
  const next = (...types) =>
    new Promise((resolve) => {
      child.on('message', (m) => types.includes(m.type) && resolve(m));
      child.on('exit', (code, signal) =>
        resolve({ type: 'failed', error: `the watchers' process exited (${signal ?? `code ${code}`})` }),
      );
    });
  if (count > 0) {
    const ready = next('ready', 'failed');
    child.send({ type: 'start', urls, count, auctionId, scanMarked, auctionIds });
    const answer = await ready;
    if (answer.type === 'failed') {
      child.kill();
      throw new Error(`watchers could not join: ${answer.error}`);
    }
  }
  return {
    pid: child.pid,
    /** Resolves once no new_bid frame came for `quietMs` (true), or after `timeoutMs` (false). */
    async settle(quietMs, timeoutMs) {
      const settled = next('settled', 'failed');
      child.send({ type: 'settle', quietMs, timeoutMs });
      return (await settled).quiet === true;
    },
    /** `origin`: the storm's start (epoch ms), for the per-second latency series; `raw`: the samples too. */
    async stop(origin, raw = false) {
      const report = next('report');
      child.send({ type: 'stop', origin, raw });
      const answer = await report;
      if (answer.type === 'failed') throw new Error(`no watchers' report: ${answer.error}`);
      return answer;
    },
  };
}

/**
 * Fails early (instead of timing every bid out) when the target does not answer `place_bid`:
 * one invalid bid (amount 0, refused before anything is stored) must be acknowledged.
 */
async function probeSocketBids(sockets, auctionId) {
  let timer;
  const answer = await Promise.race([
    sockets.placeBid(0, 0, auctionId, 0),
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), 5_000);
    }),
  ]);
  clearTimeout(timer);
  if (!answer) throw new Error('the target does not acknowledge place_bid over the socket (use --bid-transport http)');
}

/**
 * Opens a storm on one hot auction: the watchers joined, the bidders' sockets signed in, the HTTP
 * pools ready. `send({ rate, durationSec })` offers bids at `rate` for `durationSec` and resolves
 * once every one of them is answered, with that phase's answers; it can be called again (the
 * ramp's steps), amounts rising on from where the last phase stopped and `at` counting from the
 * first phase's start. `close()` lets the last broadcasts land, closes everything and returns the
 * whole storm (every phase's answers, the watchers' report, the bidders' CPU).
 * Bid i goes to bidUrls[i % bidUrls.length], from bidders[i % bidders.length], at `target(i)`:
 * `{ auctionId, amountFils }` (default: the one `auctionId`, amounts rising by 10 fils per bid
 * from `startingFils`). Each result carries its `i`.
 */
export async function openBidStorm({
  urls,
  bidUrls = urls,
  auctionId,
  bidders,
  watchers,
  startingFils,
  transport = 'http',
  maxShare = 0,
  target = (i) => ({ auctionId, amountFils: startingFils + 10 * (i + 1) }),
}) {
  const watch = await startWatchers(urls, watchers, auctionId, maxShare > 0);
  // Bids over the socket: every bid (`socket`) or half of them (`mixed`: a round over the bid
  // instances over HTTP, the next over the socket, so each instance gets both paths; i % 2 alone
  // would send every socket bid to the same instances when there are two or four).
  const viaSocket = (i) =>
    transport === 'socket' || (transport === 'mixed' && Math.floor(i / bidUrls.length) % 2 === 1);
  // Maximums in the storm: the first `maxShare` of the bidders set one (PUT max-bid over HTTP,
  // the only way there is) where they would have bid; the others bid by hand.
  const maxSetters = Math.round(maxShare * bidders.length);
  const sockets = transport === 'http' ? null : await openSocketBidders(bidUrls, bidders);
  if (sockets) await probeSocketBids(sockets, auctionId);
  const pools = bidUrls.map(
    (url) => new Pool(url, { connections: Math.ceil(Math.max(bidders.length, 50) / bidUrls.length), pipelining: 1 }),
  );
  const results = [];
  const cpuBefore = process.cpuUsage();
  let sent = 0;
  const inFlight = new Set();
  let started; // performance.now() when the first phase began
  let startedAt; // the same instant on the wall clock, which the watchers' process shares
  let sendSeconds = 0;
  let answeredAt;
  const fire = () => {
    const i = sent++;
    // This bid's auction (the storm's one unless `target` says otherwise) and amount.
    const { auctionId, amountFils } = target(i);
    const bidder = bidders[i % bidders.length];
    const pool = pools[i % pools.length];
    const t0 = performance.now();
    const at = (t0 - started) / 1000;
    if (i % bidders.length < maxSetters) {
      const maxFils = markMaxFils(amountFils, bidStepFils(amountFils) + MAX_MARGIN_FILS);
      const p = pool
        .request({
          path: path(routes.bids.setMax, { id: auctionId }, LIVE_BID_ANSWER),
          method: routes.bids.setMax.method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${bidder.token}` },
          body: JSON.stringify({ amount: maxFils / 1000 }),
        })
        .then(async (res) => {
          const json = await res.body.json();
          results.push({
            i,
            kind: 'max',
            status: res.statusCode,
            ms: performance.now() - t0,
            at,
            code: json.code,
            bidderId: bidder.id,
            amountFils: maxFils,
          });
        })
        .catch((err) =>
          results.push({ i, kind: 'max', status: 0, ms: performance.now() - t0, at, code: err.code ?? 'NETWORK' }),
        )
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      return;
    }
    if (viaSocket(i)) {
      let timer;
      const p = Promise.race([
        sockets.placeBid(i % bidders.length, i % bidUrls.length, auctionId, amountFils / 1000),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })),
            SOCKET_ANSWER_TIMEOUT_MS,
          );
        }),
      ])
        .then(({ status, body }) =>
          results.push({
            i,
            status,
            ms: performance.now() - t0,
            at,
            bidId: body.bid?.id,
            code: body.code,
            via: 'socket',
          }),
        )
        .catch((err) =>
          results.push({ i, status: 0, ms: performance.now() - t0, at, code: err.code ?? 'SOCKET', via: 'socket' }),
        )
        .finally(() => {
          clearTimeout(timer);
          inFlight.delete(p);
        });
      inFlight.add(p);
      return;
    }
    const body = JSON.stringify({ amount: amountFils / 1000 });
    const p = pool
      .request({
        path: path(routes.bids.place, { id: auctionId }, LIVE_BID_ANSWER),
        method: routes.bids.place.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bidder.token}` },
        body,
      })
      .then(async (res) => {
        const json = await res.body.json();
        results.push({
          i,
          status: res.statusCode,
          ms: performance.now() - t0,
          at: (t0 - started) / 1000,
          bidId: json.bid?.id,
          code: json.code,
        });
      })
      .catch((err) =>
        results.push({
          i,
          status: 0,
          ms: performance.now() - t0,
          at: (t0 - started) / 1000,
          code: err.code ?? 'NETWORK',
        }),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  return {
    async send({ rate, durationSec }) {
      started ??= performance.now();
      startedAt ??= Date.now();
      const phaseStarted = performance.now();
      const firstResult = results.length; // every earlier phase is answered: the rest are this phase's
      const firstBid = sent;
      const toSend = Math.round(rate * durationSec);
      // Tick every 5 ms and send what the schedule owes, so the offered rate holds even if a tick is late.
      await new Promise((resolve) => {
        const timer = setInterval(() => {
          const due = Math.min(toSend, Math.floor(((performance.now() - phaseStarted) / 1000) * rate));
          while (sent - firstBid < due) fire();
          if (sent - firstBid >= toSend) {
            clearInterval(timer);
            resolve();
          }
        }, 5);
      });
      const phaseSendSeconds = (performance.now() - phaseStarted) / 1000;
      sendSeconds += phaseSendSeconds;
      await Promise.all([...inFlight]);
      answeredAt = performance.now();
      return {
        results: results.slice(firstResult),
        startSec: (phaseStarted - started) / 1000,
        sendSeconds: phaseSendSeconds,
        wallSeconds: (answeredAt - phaseStarted) / 1000,
      };
    },
    async close() {
      await new Promise((r) => setTimeout(r, 1500)); // let the last broadcasts land
      await Promise.all(pools.map((p) => p.close()));
      sockets?.close();
      const { user, system } = process.cpuUsage(cpuBefore);
      const watchersReport = await watch.stop(startedAt ?? Date.now());
      return {
        results,
        sendSeconds,
        wallSeconds: started === undefined ? 0 : (answeredAt - started) / 1000,
        startedAt,
        watchers: watchersReport,
        bidderCpuMs: Math.round((user + system) / 1000),
      };
    },
  };
}

/** One storm at one rate: open, send, close (see openBidStorm). */
export async function runBidStorm({ rate, durationSec, ...storm }) {
  const opened = await openBidStorm(storm);
  await opened.send({ rate, durationSec });
  return opened.close();
}

/** The refusal of an overloaded server: "busy, try again", not a decision on the bid (HTTP 503 + Retry-After). */
export const BUSY_CODE = 'AUCTION_BUSY';

/**
 * What an answer told the bidder: `accepted`; `refused` by a rule (a 4xx with its code, e.g.
 * BID_TOO_LOW: a decision too); `busy` (AUCTION_BUSY: the server declined to decide now, as it
 * must when overloaded; the bench's bidders do not retry); `error` (no answer, a timeout, any
 * other 5xx).
 */
export function answerKind(r) {
  if (r.status === 200) return 'accepted';
  if (r.code === BUSY_CODE) return 'busy';
  if (r.status >= 400 && r.status < 500) return 'refused';
  return 'error';
}
export const isRejected = (r) => answerKind(r) === 'refused';
export const isBusy = (r) => answerKind(r) === 'busy';
export const isError = (r) => answerKind(r) === 'error';
/** Answered: the server decided (accepted or refused by a rule); busy, errors and timeouts are not. */
export const isDecided = (r) => r.status === 200 || isRejected(r);

/** The answers counted by kind: `{ accepted, refused, busy, error }`. */
export function countAnswers(results) {
  const counts = { accepted: 0, refused: 0, busy: 0, error: 0 };
  for (const r of results) counts[answerKind(r)]++;
  return counts;
}

/**
 * The storm second by second (bucket k = [k, k+1) s after the first bid was due): `offered` by
 * send time; `accepted`, `rejected` (and `rejectedByCode`), `busy` and `errors` by answer time (when the
 * client learnt the outcome); bid latency percentiles by send time (what a bid sent in that second
 * waited); commit→watcher latency by arrival time, when the watchers' process reports it
 * (`bySecond`). Counts are per second, so the last, partial second reads low.
 */
export function stormSeries({ results, watchers }) {
  const watcherSeconds = watchers?.bySecond?.p50?.length ?? 0;
  const answeredAt = results.map((r) => r.at + r.ms / 1000);
  const answered = bucketBySecond(answeredAt, results, watcherSeconds);
  const n = answered.length;
  const sent = bucketBySecond(
    results.map((r) => r.at),
    results,
    n,
  );
  const count = (keep) => answered.map((b) => b.filter(keep).length);
  const codeOf = (r) => r.code ?? String(r.status);
  const codes = [...new Set(results.filter(isRejected).map(codeOf))].sort();
  const sentMs = sent.map((b) => b.map((r) => r.ms));
  // The watchers' process knows only the seconds it heard messages in: pad to the run's length.
  const pad = (values) => Array.from({ length: n }, (_, i) => values?.[i] ?? null);
  return {
    x: Array.from({ length: n }, (_, i) => i),
    offered: sent.map((b) => b.length),
    accepted: count((r) => r.status === 200),
    rejected: count(isRejected),
    rejectedByCode: Object.fromEntries(codes.map((c) => [c, count((r) => isRejected(r) && codeOf(r) === c)])),
    busy: count(isBusy),
    errors: count(isError),
    latencyMs: {
      p50: percentileBySecond(sentMs, 50),
      p95: percentileBySecond(sentMs, 95),
      p99: percentileBySecond(sentMs, 99),
    },
    watcherLatencyMs:
      watchers?.samples && watchers.bySecond
        ? { p50: pad(watchers.bySecond.p50), p99: pad(watchers.bySecond.p99) }
        : undefined,
  };
}
