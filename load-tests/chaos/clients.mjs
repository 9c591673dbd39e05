/**
 * The chaos run's clients, which keep their own records to be checked against the database:
 *
 *  - bidders that keep the client's side of the bargain: every bid carries an idempotency key,
 *    and a bid whose answer is a network error, a timeout, a 5xx, a 429 or AUCTION_BUSY is sent
 *    again with the SAME key (to the next replica) until it gets a final answer (200, or a 4xx
 *    refusal) or the run gives up on it. Every other bid goes over HTTP (`Idempotency-Key`
 *    header), the others over the socket (`place_bid` with an acknowledgement, `idempotencyKey`;
 *    a socket that dropped is opened again for the next attempt);
 *  - watchers over bare `ws` (Engine.IO v4 / Socket.IO v5, lib/engine-io.mjs) spread over the
 *    replicas, which reconnect to the next replica when their socket drops, join the auction
 *    again and read it once over HTTP (what the web app does on reconnect) to catch up.
 *
 * Both keep per-second series (seconds since `t0`, a performance.now() value) for the report.
 */
import { SocketEvents } from '@mazad/contracts';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import WebSocket from 'ws';
import { PONG, decodePacket, encodeConnect, encodeEvent, socketUrl } from '../lib/engine-io.mjs';
import { ackStatus } from '../lib/socket-bidders.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** No answer within this long: the request is abandoned and retried with the same key. */
export const BID_TIMEOUT_MS = 10_000;
const RETRY_BASE_MS = 100;
const RETRY_MAX_MS = 1_000;
const RECONNECT_MS = 300;

/** Answers a client retries with the same Idempotency-Key: "not now", never "no". */
export function shouldRetry(status, code) {
  return status === 0 || status >= 500 || status === 429 || code === 'AUCTION_BUSY';
}

/** Per-second buckets: `add(seconds, name, value)`; `series(name, reduce)` aligned on 0…last second. */
export function secondBuckets() {
  const buckets = new Map();
  let last = 0;
  return {
    add(at, name, value = 1) {
      const s = Math.max(0, Math.floor(at));
      last = Math.max(last, s);
      let bucket = buckets.get(s);
      if (!bucket) buckets.set(s, (bucket = {}));
      (bucket[name] ??= []).push(value);
    },
    get last() {
      return last;
    },
    series(name, reduce = (values) => values.length, seconds = last + 1) {
      return Array.from({ length: seconds }, (_, s) => reduce(buckets.get(s)?.[name] ?? []));
    },
  };
}

/**
 * One bidder's signed-in socket on one replica, opened on first use and again after it drops.
 * `placeBid(payload)` resolves with the acknowledgement's answer; rejects when the socket cannot
 * open, closes before the answer, or the answer takes longer than BID_TIMEOUT_MS.
 */
function bidderSocket(url, token) {
  let ws = null;
  let ready;
  let nextAck = 1;
  const waiting = new Map();
  const failure = (code) => Object.assign(new Error(code), { code });

  function open() {
    const socket = new WebSocket(socketUrl(url), { perMessageDeflate: false, handshakeTimeout: 3_000 });
    ws = socket;
    ready = new Promise((resolve, reject) => {
      socket.on('error', () => undefined); // followed by 'close'
      socket.on('close', () => {
        if (ws === socket) ws = null;
        reject(failure('SOCKET_CLOSED'));
        for (const done of waiting.values()) done(null);
        waiting.clear();
      });
      socket.on('message', (frame) => {
        if (frame.length === 1 && frame[0] === 0x32) return socket.send(PONG);
        const packet = decodePacket(frame);
        if (packet.type === 'open') socket.send(encodeConnect({ token }));
        else if (packet.type === 'connect') resolve();
        else if (packet.type === 'connect_error') reject(failure('SOCKET_REFUSED'));
        else if (packet.type === 'ack') {
          const done = waiting.get(packet.ackId);
          waiting.delete(packet.ackId);
          done?.(packet.args[0]);
        }
      });
    });
    ready.catch(() => undefined);
  }

  return {
    async placeBid(payload) {
      if (!ws) open();
      const socket = ws;
      await ready;
      const id = nextAck++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(failure('TIMEOUT'));
        }, BID_TIMEOUT_MS);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          if (answer === null) reject(failure('SOCKET_CLOSED'));
          else resolve(answer);
        });
        socket.send(encodeEvent(SocketEvents.PlaceBid, [payload], id));
      });
    },
    close: () => ws?.terminate(),
  };
}

/**
 * Sends bids on `auctionId` at `rate` per second for `durationSec` (an open model), amounts
 * rising by 10 fils from `startingFils`, bidder i % n, over HTTP when i is even, else over the
 * socket; first attempt to replica ⌊i / 2⌋ % replicas, each retry to the next.
 * Returns `{ done, records, buckets }`; `done` resolves when every bid has its final outcome
 * (or was given up at `giveUpAfterSec` seconds after the last was sent).
 */
export function startBidders({ urls, auctionId, bidders, rate, durationSec, startingFils, t0, giveUpAfterSec = 60 }) {
  const agent = new Agent({
    connections: 64,
    connect: { timeout: 2_000 },
    headersTimeout: BID_TIMEOUT_MS,
    bodyTimeout: BID_TIMEOUT_MS,
  });
  const buckets = secondBuckets();
  const records = [];
  const sockets = bidders.map((b) => urls.map((url) => bidderSocket(url, b.token)));
  const now = () => (performance.now() - t0) / 1000;
  const total = Math.round(rate * durationSec);
  let giveUpAt = Infinity;

  async function place(i) {
    const bidder = bidders[i % bidders.length];
    const record = {
      key: randomUUID(),
      via: i % 2 === 1 ? 'socket' : 'http',
      bidderId: bidder.id,
      amountFils: startingFils + 10 * (i + 1),
      sentAt: now(),
      attempts: 0,
      outcome: null,
    };
    records.push(record);
    const amount = record.amountFils / 1000;
    const body = JSON.stringify({ amount });
    for (let attempt = 0; ; attempt++) {
      // Each transport spreads over every replica (bid i goes over the socket when i is odd).
      const replica = (Math.floor(i / 2) + attempt) % urls.length;
      const url = urls[replica];
      record.attempts++;
      let status = 0;
      let json;
      try {
        if (record.via === 'socket') {
          json = await sockets[i % bidders.length][replica].placeBid({ auctionId, amount, idempotencyKey: record.key });
          status = ackStatus(json);
        } else {
          const res = await request(`${url}/api/auctions/${auctionId}/bid`, {
            method: 'POST',
            dispatcher: agent,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${bidder.token}`,
              'idempotency-key': record.key,
            },
            body,
          });
          status = res.statusCode;
          json = await res.body.json().catch(() => ({}));
        }
      } catch (err) {
        json = { code: err.code ?? 'NETWORK' };
      }
      const at = now();
      if (status === 200) {
        Object.assign(record, { outcome: 'acknowledged', bidId: json.bid?.id, answeredAt: at, status });
        buckets.add(at, 'accepted');
        buckets.add(record.sentAt, 'latencyMs', (at - record.sentAt) * 1000);
        return;
      }
      if (!shouldRetry(status, json.code)) {
        Object.assign(record, { outcome: 'refused', code: json.code, status, answeredAt: at });
        buckets.add(at, 'rejected');
        return;
      }
      buckets.add(at, 'retried');
      (record.transient ??= []).push(json.code ?? status);
      if (now() > giveUpAt) {
        Object.assign(record, { outcome: 'gaveUp', code: json.code ?? status, status, answeredAt: at });
        return;
      }
      await sleep(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt) * (0.5 + Math.random()));
    }
  }

  const inFlight = [];
  const done = (async () => {
    let sent = 0;
    const started = performance.now();
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) inFlight.push(place(sent++));
      await sleep(5);
    }
    giveUpAt = now() + giveUpAfterSec;
    await Promise.all(inFlight);
    await agent.close();
    for (const s of sockets.flat()) s.close();
  })();
  return { done, records, buckets };
}

/**
 * `count` watchers of `auctionId`, watcher i first on replica i % n. Each keeps the highest price
 * it heard (new_bid, auction_ended, or its catch-up read after a reconnect), how many
 * auction_ended it heard, and its reconnections. `stop()` closes them and returns their states.
 */
export function startWatchers({ urls, count, auctionId, t0 }) {
  const buckets = secondBuckets();
  const now = () => (performance.now() - t0) / 1000;
  const watchers = [];
  let stopped = false;

  const priceOf = (auction) => Math.round(Number(auction?.currentPrice) * 1000);

  async function catchUp(w, url) {
    try {
      const res = await request(`${url}/api/auctions/${auctionId}`, { headersTimeout: 5_000, bodyTimeout: 5_000 });
      const body = await res.body.json();
      if (res.statusCode !== 200) return;
      const auction = body.auction ?? body;
      w.priceFils = Math.max(w.priceFils, priceOf(auction));
      w.status = auction.status;
    } catch {
      /* the next reconnect catches up again */
    }
  }

  function connect(w) {
    if (stopped) return;
    const url = urls[w.replica];
    const ws = new WebSocket(socketUrl(url), { perMessageDeflate: false, handshakeTimeout: 3_000 });
    w.ws = ws;
    ws.on('error', () => undefined); // followed by 'close'
    ws.on('close', () => {
      if (w.joined) w.droppedAt = now();
      w.joined = false;
      if (stopped) return;
      w.replica = (w.replica + 1) % urls.length; // the next replica (the dropped one may be dead)
      setTimeout(() => connect(w), RECONNECT_MS);
    });
    ws.on('message', (frame) => {
      if (frame.length === 1 && frame[0] === 0x32) return ws.send(PONG);
      const packet = decodePacket(frame);
      if (packet.type === 'open') ws.send(encodeConnect());
      else if (packet.type === 'connect') ws.send(encodeEvent(SocketEvents.JoinAuction, [auctionId], 0));
      else if (packet.type === 'ack' && packet.ackId === 0 && packet.args[0]?.ok) {
        const again = w.joins++ > 0;
        w.joined = true;
        if (again) {
          w.reconnects++;
          buckets.add(now(), 'reconnects');
          if (w.droppedAt !== undefined) w.offlineSec = Math.max(w.offlineSec, now() - w.droppedAt);
          void catchUp(w, url);
        }
      } else if (packet.type === 'event' && packet.name === SocketEvents.NewBid) {
        const { auction, bid } = packet.args[0];
        w.priceFils = Math.max(w.priceFils, priceOf(auction));
        const at = now();
        buckets.add(at, 'latencyMs', Date.now() - Date.parse(bid.createdAt));
      } else if (packet.type === 'event' && packet.name === SocketEvents.AuctionEnded) {
        w.ended++;
        w.status = packet.args[0].auction?.status;
        w.priceFils = Math.max(w.priceFils, priceOf(packet.args[0].auction));
      }
    });
  }

  const ready = Promise.all(
    Array.from({ length: count }, (_, i) => {
      const w = {
        replica: i % urls.length,
        priceFils: 0,
        status: null,
        ended: 0,
        joins: 0,
        reconnects: 0,
        offlineSec: 0,
        joined: false,
      };
      watchers.push(w);
      connect(w);
      return (async () => {
        const deadline = Date.now() + 15_000;
        while (!w.joined) {
          if (Date.now() > deadline) throw new Error('a watcher could not join within 15 s');
          await sleep(20);
        }
      })();
    }),
  );
  return {
    ready,
    buckets,
    watchers,
    stop() {
      stopped = true;
      for (const w of watchers) w.ws?.terminate();
      return watchers;
    },
  };
}
