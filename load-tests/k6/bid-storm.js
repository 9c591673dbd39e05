// k6 bid storm on one hot auction, with live watchers (load-tests/README.md, "k6").
//
//   npm run load:prepare -- --members 200                # once, through the admin API: members, tokens, the hot auction
//   k6 run load-tests/k6/bid-storm.js                    # 300 bids/s for 20 s, 300 watchers
//   k6 run -e RATE=600 -e DURATION=30s -e WATCHERS=1000 load-tests/k6/bid-storm.js
//
// Scenarios: `bidders` offers RATE bids/s (constant arrival rate: an open model, the offered rate
// holds whatever the latency) from the prepared members in turn, each bid with its own
// Idempotency-Key and an amount above every earlier one; `watchers` keeps WATCHERS Socket.IO
// clients in the auction's room and times each `new_bid` from the bid's commit (`bid.createdAt`,
// the server's clock: run k6 on the server's machine or on an NTP-synchronised one). The
// teardown reads the auction back and checks the invariants. Thresholds: docs/performance.md.
//
// Environment (-e NAME=value): FIXTURES (../results/fixtures.json, relative to this folder),
// BASE_URL (the fixtures' baseUrl), RATE (300), DURATION (20s), WATCHERS (300), WARMUP (3s: bids
// and messages of the first seconds are left out of the latency thresholds), STEP_FILS (10),
// BID_P99_MS (100), WATCHER_P99_MS (250), RESULTS_DIR (load-tests/results).
import { check, fail } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Gauge, Rate, Trend } from 'k6/metrics';
import { WebSocket } from 'k6/experimental/websockets';
import { clearInterval, setInterval } from 'k6/experimental/timers';
import { baseUrl, durationSeconds, FIXTURES_PATH, numberEnv, parseFixtures } from './lib/options.js';
import { NEW_BID_FRAME, readNewBid } from './lib/new-bid.mjs';
import { apiUrl, LIVE_BID_ANSWER, routeName, routes } from './lib/routes.js';
import { decodePacket, encodeConnect, encodeEvent, PONG, socketUrl } from './lib/socket-io.mjs';
import { summaryOutputs } from './lib/summary.js';

function requiredFixtures() {
  try {
    return parseFixtures(open(FIXTURES_PATH), FIXTURES_PATH);
  } catch (err) {
    throw new Error(`${err.message}: run npm run load:prepare first, or set -e FIXTURES=/absolute/path/fixtures.json`, {
      cause: err,
    });
  }
}

const fixtures = requiredFixtures();
const BASE_URL = baseUrl(fixtures);
const AUCTION_URL = apiUrl(BASE_URL, routes.auctions.get, { id: fixtures.auctionId });
// Answered with the live view, as the web app asks (the whole auction is the default: ADR 0018).
const BID_URL = apiUrl(BASE_URL, routes.bids.place, { id: fixtures.auctionId }, LIVE_BID_ANSWER);
const RATE = numberEnv('RATE', 300);
const DURATION = __ENV.DURATION || '20s';
const WATCHERS = numberEnv('WATCHERS', 300);
const WARMUP_S = durationSeconds(__ENV.WARMUP || '3s');
const STEP_FILS = numberEnv('STEP_FILS', 10);
const BID_P99_MS = numberEnv('BID_P99_MS', 100);
const WATCHER_P99_MS = numberEnv('WATCHER_P99_MS', 250);
/** Watchers connect and join first; bidding starts this many seconds into the run. */
const LEAD_S = WATCHERS > 0 ? 3 : 0;
/**
 * Watchers leave once bidding is over and the auction has been quiet (no `new_bid`) this long:
 * bids still in flight when the scenario ends are answered and broadcast first. Then each
 * compares the last price it was told with the auction's.
 */
const TAIL_S = 2;
/** The one business refusal a storm expects: a bid overtaken by a higher one on its way. */
const EXPECTED_REFUSAL = 'BID_TOO_LOW';

const accepted = new Counter('bids_accepted');
const rejected = new Counter('bids_rejected'); // tagged with the error `code`
const unexpected = new Counter('bids_unexpected'); // anything but 200 or BID_TOO_LOW, tagged `code`
const bidLatency = new Trend('bid_latency', true); // tagged phase: warmup | steady
const acceptedAmount = new Trend('bid_accepted_amount');
/** +1 per bid answered 200, minus the bids the auction gained (teardown): 0 when each is stored once. */
const ledger = new Counter('bid_ledger');
const finalPrice = new Gauge('auction_final_price');
const watcherLatency = new Trend('watcher_latency', true); // commit → watcher, tagged phase
const watcherMessages = new Counter('watcher_messages');
const watchersJoined = new Counter('watchers_joined');
const watcherErrors = new Counter('watcher_errors'); // tagged `reason`
const watchersConverged = new Rate('watchers_converged'); // on the auction's final price once the storm is quiet

const scenarios = {
  bidders: {
    executor: 'constant-arrival-rate',
    exec: 'bid',
    rate: RATE,
    timeUnit: '1s',
    duration: DURATION,
    startTime: `${LEAD_S}s`,
    preAllocatedVUs: Math.max(20, Math.ceil(RATE / 5)),
    maxVUs: Math.max(100, RATE * 2),
  },
};
if (WATCHERS > 0) {
  scenarios.watchers = {
    executor: 'per-vu-iterations',
    exec: 'watch',
    vus: WATCHERS,
    iterations: 1,
    // Room for the bids still in flight at the end (k6's request timeout is 60 s).
    maxDuration: `${LEAD_S + durationSeconds(DURATION) + TAIL_S + 90}s`,
  };
}

const thresholds = {
  // The targets of docs/performance.md ("Against the targets") for the storm, after the warm-up.
  'bid_latency{phase:steady}': [`p(99)<=${BID_P99_MS}`],
  'http_req_failed{scenario:bidders}': ['rate==0'],
  bids_unexpected: ['count==0'],
  bids_accepted: ['count>0'],
  // Always true: makes k6 report this sub-metric (the refusals by code).
  [`bids_rejected{code:${EXPECTED_REFUSAL}}`]: ['count>=0'],
  // The invariants (teardown).
  bid_ledger: ['count==0'],
  'checks{invariant:yes}': ['rate==1'],
};
if (WATCHERS > 0) {
  Object.assign(thresholds, {
    'watcher_latency{phase:steady}': [`p(99)<=${WATCHER_P99_MS}`],
    watchers_joined: [`count>=${WATCHERS}`],
    watcher_errors: ['count==0'],
    watchers_converged: ['rate==1'],
  });
}

export const options = {
  scenarios,
  thresholds,
  summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max', 'count'],
};

const readAuction = () => http.get(AUCTION_URL, { tags: { name: routeName(routes.auctions.get) } });

/** The auction as the storm starts: its price (amounts rise from there) and bid count (the ledger's base). */
export function setup() {
  const res = readAuction();
  if (res.status !== 200)
    fail(`GET ${AUCTION_URL} answered ${res.status}: is the server up, and the fixtures current?`);
  const auction = res.json();
  if (auction.status !== 'نشط' || Date.parse(auction.endTime) <= Date.now()) {
    fail(`the hot auction ${fixtures.auctionId} is not open (${auction.status}): run npm run load:prepare again`);
  }
  return {
    runId: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    startFils: Math.round(auction.currentPrice * 1000),
    bidCount: auction.bidCount,
    startedAt: Date.now(),
  };
}

const phaseAt = (data, t) => (t < data.startedAt + (LEAD_S + WARMUP_S) * 1000 ? 'warmup' : 'steady');

/**
 * One bid. VUs share no counter, but `iterationInTest` numbers this scenario's iterations across
 * all of them (and across k6 instances, in a distributed run): amounts rise with it and never
 * repeat, and the idempotency key is unique per bid.
 */
export function bid(data) {
  const i = exec.scenario.iterationInTest;
  const member = fixtures.members[i % fixtures.members.length];
  const amountFils = data.startFils + (i + 1) * STEP_FILS;
  const phase = phaseAt(data, Date.now());
  const res = http.post(BID_URL, JSON.stringify({ amount: amountFils / 1000 }), {
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${member.token}`,
      'Idempotency-Key': `k6-${data.runId}-${i}`,
    },
    // 400 is BID_TOO_LOW's status (checked below); every other status counts as failed.
    responseCallback: http.expectedStatuses(200, 400),
    tags: { name: routeName(routes.bids.place), phase },
  });
  bidLatency.add(res.timings.duration, { phase });
  if (res.status === 200) {
    accepted.add(1);
    ledger.add(1);
    acceptedAmount.add(amountFils / 1000);
    return;
  }
  let code = `HTTP_${res.status}`;
  try {
    code = res.json('code') || code;
  } catch (err) {
    // not a JSON error body (a proxy's page, a reset connection): the status names it
  }
  rejected.add(1, { code });
  if (code !== EXPECTED_REFUSAL) unexpected.add(1, { code });
}

/**
 * One watcher: connects with a member's token, joins the auction's room, times every `new_bid`.
 * `k6/experimental/websockets` (an event loop per VU, sockets that do not block it) speaks the
 * Engine.IO framing of lib/socket-io.mjs as `k6/ws` did: one text frame per packet on the
 * websocket transport. The token also goes in the upgrade's `Authorization` header, where the
 * server's socket admission reads it: a load-test member is not counted against the per-address
 * connection limit (docs/adr/0013-load-test-fixtures-through-the-api.md), so one k6 machine may
 * open more watchers than an address may.
 */
export function watch(data) {
  const member = fixtures.members[exec.vu.idInTest % fixtures.members.length];
  const biddingEnds = data.startedAt + (LEAD_S + durationSeconds(DURATION)) * 1000;
  let lastPrice = data.startFils / 1000;
  let lastMessageAt = Date.now();
  let closing = false;
  const socket = new WebSocket(socketUrl(BASE_URL), null, {
    headers: { Authorization: `Bearer ${member.token}` },
  });
  const timer = setInterval(() => {
    const now = Date.now();
    if (now >= biddingEnds && now - lastMessageAt >= TAIL_S * 1000) {
      closing = true;
      socket.close();
    }
  }, 250);
  socket.onmessage = (event) => {
    const frame = event.data;
    if (frame.startsWith(NEW_BID_FRAME)) {
      const now = Date.now();
      const message = readNewBid(frame);
      lastMessageAt = now;
      watcherMessages.add(1);
      if (message.createdAt) watcherLatency.add(now - Date.parse(message.createdAt), { phase: phaseAt(data, now) });
      if (message.currentPrice !== undefined) lastPrice = message.currentPrice;
      return;
    }
    const packet = decodePacket(frame);
    if (packet.type === 'ping') socket.send(PONG);
    else if (packet.type === 'open') socket.send(encodeConnect({ token: member.token }));
    else if (packet.type === 'connect') socket.send(encodeEvent('join_auction', [fixtures.auctionId], 0));
    else if (packet.type === 'ack' && packet.ackId === 0) {
      if (packet.args[0] && packet.args[0].ok) watchersJoined.add(1);
      else watcherErrors.add(1, { reason: 'join refused' });
    } else if (packet.type === 'event' && packet.name === 'auction_updated') {
      lastPrice = packet.args[0].auction.currentPrice;
    } else if (packet.type === 'connect_error') {
      watcherErrors.add(1, { reason: 'connect refused' });
      socket.close();
    } else if (packet.type === 'disconnect' || packet.type === 'close') {
      watcherErrors.add(1, { reason: 'disconnected by the server' });
    }
  };
  socket.onerror = () => watcherErrors.add(1, { reason: 'socket error' });
  socket.onclose = () => {
    clearInterval(timer);
    if (!closing) watcherErrors.add(1, { reason: 'closed early' });
    // The storm is over and quiet: does this watcher show the auction's price?
    const auction = readAuction().json();
    watchersConverged.add(lastPrice === auction.currentPrice);
  };
}

/**
 * The invariants, from the auction as the server now tells it: the final price is its highest
 * stored bid; the listed bids (the latest 100, in acceptance order) have strictly increasing
 * amounts, so no amount is stored twice; and the bid count grew by exactly the bids answered 200
 * (the ledger). Together: every accepted bid stored exactly once, and the price = the highest
 * accepted bid.
 */
export function teardown(data) {
  const res = readAuction();
  if (res.status !== 200) fail(`GET ${AUCTION_URL} answered ${res.status} after the storm`);
  const auction = res.json();
  const listed = (auction.bids || []).filter((b) => !b.isCancelled);
  // Acceptance order, whichever way the server lists them (oldest or newest first).
  const bids = listed.length > 1 && listed[0].amount > listed[listed.length - 1].amount ? listed.reverse() : listed;
  const gained = auction.bidCount - data.bidCount;
  ledger.add(-gained);
  finalPrice.add(auction.currentPrice);
  check(
    auction,
    {
      'final price = highest stored bid': (a) => bids.length === 0 || a.currentPrice === bids[bids.length - 1].amount,
      'amounts strictly increase in acceptance order (no duplicate)': () =>
        bids.every((b, k) => k === 0 || b.amount > bids[k - 1].amount),
      'bid count covers the listed bids': (a) => a.bidCount >= bids.length,
      'the price rose from the starting point': (a) => gained === 0 || a.currentPrice * 1000 > data.startFils,
    },
    { invariant: 'yes' },
  );
  console.log(
    `hot auction ${fixtures.auctionId}: price ${auction.currentPrice} JOD, ${gained} bids stored in this run (bidCount ${auction.bidCount})`,
  );
}

export function handleSummary(data) {
  const m = data.metrics;
  const notes = [
    `highest accepted amount ${m.bid_accepted_amount ? m.bid_accepted_amount.values.max : '—'} JOD, final price ${
      m.auction_final_price ? m.auction_final_price.values.value : '—'
    } JOD`,
  ];
  return summaryOutputs('bid-storm', data, `k6 bid storm: ${RATE} bids/s for ${DURATION}, ${WATCHERS} watchers`, notes);
}
