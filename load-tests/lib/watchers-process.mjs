/**
 * Socket watchers in a process of their own, so reading thousands of broadcasts does not stall
 * the bidders' event loop (and their latency figures). Each watcher is a bare `ws` socket
 * speaking Engine.IO v4 / Socket.IO v5 (lib/engine-io.mjs): no socket.io-client, no decoding of
 * frames it does not read, so 2,000 watchers cost the machine little.
 *   - every watcher keeps only its newest `new_bid` frame (raw bytes: the highest `seq`, read on
 *     the bytes, as the web app applies only a newer view) and when it arrived; they are decoded
 *     once, at the end, for the price each watcher converged on;
 *   - the first MEASURING_WATCHERS_PER_INSTANCE watchers of each instance decode every message
 *     for the commit-to-watcher latency of the bids it brings them (the live view's `lastBids`
 *     whose sequence number is above the last one they saw: up to LIVE_VIEW_BIDS per message, so
 *     the older bids of a burst coalesced into one message are not sampled) and of its latest
 *     `bid` alone (one sample per message, comparable across targets);
 *   - every `new_bid` frame is counted with its size (message bytes);
 *   - with `scanMarked` (maximums in the storm), the measuring watchers collect every amount
 *     marked as a maximum's (lib/invariants.mjs MARKED_AMOUNT) in any frame they receive, so
 *     the invariants can tell whether a secret maximum reached a watcher.
 *   - with `auctionIds` (one per watcher: the market, many auctions at once), watcher j joins
 *     auctionIds[j] instead of `auctionId`, and the report lists each watcher's auction, last
 *     price, when it heard it and how many new_bid messages it got (`views`), for the
 *     per-auction convergence.
 * Started with fork(); talks over IPC:
 *   parent → { type: 'start', urls, count, auctionId, scanMarked, auctionIds? }   child → { type: 'ready' } | { type: 'failed', error }
 *   parent → { type: 'settle', quietMs, timeoutMs }        child → { type: 'settled', quiet: boolean }
 *     (once no new_bid frame has arrived for quietMs, or after timeoutMs: a loaded machine may
 *     still be delivering the last message to some of thousands of watchers when the bids stop)
 *   parent → { type: 'stop', origin, raw }                child → { type: 'report', … }
 *     (origin: the storm's start, epoch ms, for the per-second latency series `bySecond`; raw:
 *     the latency samples and their marks too, for a parent that merges several processes)
 */
import { SocketEvents } from '@mazad/contracts';
import WebSocket from 'ws';
import {
  PONG,
  decodePacket,
  encodeConnect,
  encodeEvent,
  isEventFrame,
  lastIntegerField,
  socketUrl,
} from './engine-io.mjs';
import { MARKED_AMOUNT } from './invariants.mjs';
import { bucketByMarks, percentile, percentileBySecond } from './stats.mjs';

const MEASURING_WATCHERS_PER_INSTANCE = 100;
const CONNECT_BATCH = 100;
const JOIN_TIMEOUT_MS = 15_000;

/** One watcher per entry: { ws, measuring, last (Buffer), lastAt, messages, seq (highest seen) }. */
let watchers = [];
const latencies = [];
const latestLatencies = [];
let delivered = 0;
let bytes = 0;
let firstMessageAt = 0;
let lastMessageAt = 0;
/** Marked amounts heard (null: not scanning). */
let heardMarked = null;
const scanMarked = (frame) => {
  for (const m of frame.toString().matchAll(MARKED_AMOUNT)) heardMarked.add(m[0]);
};

// The per-second latency series (lib/bid-storm.mjs stormSeries) without a timestamp per sample
// on the hot path: every 100 ms, how many samples `latencies` held (stats.mjs bucketByMarks).
const latencyMarks = [];
setInterval(() => latencyMarks.push([Date.now(), latencies.length]), 100).unref();

function latencyBySecond(origin) {
  const buckets = bucketByMarks(latencies, latencyMarks, origin);
  return { p50: percentileBySecond(buckets, 50), p99: percentileBySecond(buckets, 99) };
}

function watch(url, auctionId, measuring) {
  const watcher = { auctionId, measuring, last: null, lastAt: 0, messages: 0, seq: 0 };
  const ws = new WebSocket(socketUrl(url), { perMessageDeflate: false });
  watcher.ws = ws;
  const joined = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('join timed out')), JOIN_TIMEOUT_MS);
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('message', (frame) => {
      // The hot path: a new_bid frame, recognised by its first bytes.
      if (isEventFrame(frame, SocketEvents.NewBid)) {
        const now = Date.now();
        delivered++;
        bytes += frame.length;
        watcher.messages++;
        // Keep the newest view, as the web app does (liveViewOrder): with bids taken by several
        // replicas, one replica's message may arrive after a newer one from another. A frame
        // without a sequence number is taken as the newest.
        const seq = lastIntegerField(frame, 'seq');
        if (seq === null || seq > watcher.seq) {
          watcher.last = frame;
          watcher.lastAt = now;
        }
        if (!firstMessageAt) firstMessageAt = now;
        lastMessageAt = now;
        if (measuring) {
          if (heardMarked) scanMarked(frame);
          const { auction, bid } = decodePacket(frame).args[0];
          // lastBids[i] is bid number seq - i (newest first): sample those this watcher had not seen.
          auction.lastBids.forEach((b, i) => {
            if (auction.seq - i > watcher.seq) latencies.push(now - Date.parse(b.createdAt));
          });
          latestLatencies.push(now - Date.parse(bid.createdAt));
        }
        watcher.seq = Math.max(watcher.seq, seq ?? 0);
        return;
      }
      if (frame.length === 1 && frame[0] === 0x32) return ws.send(PONG); // engine.io ping "2"
      if (measuring && heardMarked) scanMarked(frame);
      const packet = decodePacket(frame);
      if (packet.type === 'open') ws.send(encodeConnect());
      else if (packet.type === 'connect') ws.send(encodeEvent(SocketEvents.JoinAuction, [auctionId], 0));
      else if (packet.type === 'ack' && packet.ackId === 0) {
        clearTimeout(timer);
        if (packet.args[0]?.ok) resolve();
        else reject(new Error('join refused'));
      } else if (packet.type === 'connect_error') {
        clearTimeout(timer);
        reject(new Error(`connect refused: ${JSON.stringify(packet.data)}`));
      }
    });
  });
  watchers.push(watcher);
  return joined;
}

/** True when the watchers were spread over auctions (`auctionIds`): the report lists them. */
let manyAuctions = false;

async function start({ urls, count, auctionId, scanMarked: scan, auctionIds }) {
  if (scan) heardMarked = new Set();
  manyAuctions = Boolean(auctionIds);
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + CONNECT_BATCH); j++) {
      const measuring = Math.floor(j / urls.length) < MEASURING_WATCHERS_PER_INSTANCE;
      batch.push(watch(urls[j % urls.length], auctionIds?.[j] ?? auctionId, measuring));
    }
    await Promise.all(batch);
  }
}

function report(origin, raw) {
  // price → number of watchers whose last message showed it; and when the last of them got it.
  const prices = {};
  const lastAtByPrice = {};
  // With many auctions: [auctionId, last price heard (null: none), when, new_bid messages] per watcher.
  const views = manyAuctions ? [] : undefined;
  for (const w of watchers) {
    const price = w.last ? decodePacket(w.last).args[0]?.auction?.currentPrice : null;
    views?.push([w.auctionId, price, w.last ? w.lastAt : null, w.messages]);
    if (!w.last) continue;
    prices[price] = (prices[price] ?? 0) + 1;
    lastAtByPrice[price] = Math.max(lastAtByPrice[price] ?? 0, w.lastAt);
  }
  latencyMarks.push([Date.now(), latencies.length]); // the last samples' mark
  return {
    type: 'report',
    delivered,
    bytes,
    averageBytes: delivered ? Math.round(bytes / delivered) : 0,
    firstMessageAt,
    lastMessageAt,
    // Messages heard by one watcher: the number of distinct broadcasts of the auction.
    broadcasts: watchers.reduce((max, w) => Math.max(max, w.messages), 0),
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    // One sample per message, its latest bid: the same measure whatever else the message carries.
    latestP50: percentile(latestLatencies, 50),
    latestP99: percentile(latestLatencies, 99),
    bySecond: origin ? latencyBySecond(origin) : undefined,
    prices,
    lastAtByPrice,
    views,
    raw: raw ? { latencies, latestLatencies, latencyMarks } : undefined,
    markedAmounts: heardMarked ? [...heardMarked] : undefined,
    // What the watchers cost the machine (this process, since it started), in CPU milliseconds.
    cpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  };
}

process.on('message', async (msg) => {
  if (msg.type === 'start') {
    try {
      await start(msg);
      process.send({ type: 'ready' });
    } catch (err) {
      process.send({ type: 'failed', error: String(err?.message ?? err) });
    }
  } else if (msg.type === 'settle') {
    const deadline = Date.now() + msg.timeoutMs;
    const check = () => {
      const quiet = Date.now() - lastMessageAt >= msg.quietMs;
      if (quiet || Date.now() >= deadline) process.send({ type: 'settled', quiet });
      else setTimeout(check, 50);
    };
    check();
  } else if (msg.type === 'stop') {
    const answer = report(msg.origin, msg.raw);
    for (const w of watchers) w.ws.terminate();
    watchers = [];
    // Exit once the report is written to the parent: a large one (the market's views and raw
    // samples) may take a while on the IPC pipe of a busy machine.
    process.send(answer, () => process.exit(0));
  }
});
