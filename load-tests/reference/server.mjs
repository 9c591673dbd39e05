#!/usr/bin/env node
/**
 * The reference server: a measuring stick for the benchmark, NOT a product. It does the work the
 * bid path and the live updates must do, and nothing else, with the thinnest stack Node offers:
 *
 *   - plain `node:http` (no framework, no middleware), `pg` and `ioredis`;
 *   - `POST /api/auctions/:id/bid` with the product's JWT check (HS256, same secret and claims,
 *     then the account row — version, deletion, verified — and the deny list (revoked_tokens), as
 *     TokenService.resolve does on every request), the product's per-auction in-process queue
 *     under the product's Redis lock, and the product's one-statement conditional write
 *     (`writeBidsSql()` imported from server/dist, never copied); the same command over the socket
 *     (`place_bid { auctionId, amount, idempotencyKey }`, acknowledged with the HTTP answer or
 *     error), and `Idempotency-Key` replays on both;
 *   - the lean broadcast: `new_bid { auction, bid }` where `auction` is a slim live view (id,
 *     current price, bid count, end time, status, winner, last three bids, a per-auction `seq`),
 *     coalesced per auction, through socket.io with `@socket.io/redis-adapter`, so watchers on
 *     every replica hear it; watchers `join_auction` / `leave_auction` as on the product.
 *   - `GET /api/health` for the harness.
 *
 * Environment: PORT, DATABASE_URL, REDIS_URL, REDIS_PREFIX, JWT_SECRET, BID_EXTENSION (as the
 * product reads it), REFERENCE_BROADCAST_MS (coalescing window, default 100 ms like the product).
 * Started by the benchmark (load-tests/bench.mjs --target reference|both) and by its smoke test.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AuctionStatus,
  ERRORS,
  LIMITS,
  LIVE_VIEW_BIDS,
  OPEN_STATUSES,
  SocketEvents,
  auctionRoom,
  filsToJod,
  jodToFils,
  userRoom,
} from '@mazad/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { Server } from 'socket.io';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const { writeBidsSql } = require(join(ROOT, 'server', 'dist', 'auctions', 'store', 'auction-store.js'));
const { AppConfig } = require(join(ROOT, 'server', 'dist', 'config', 'app-config.js'));
const { jwtKey } = require(join(ROOT, 'server', 'dist', 'auth', 'core', 'token.service.js'));

const env = process.env;
const PORT = Number(env.PORT ?? 3120);
const PREFIX = env.REDIS_PREFIX ?? 'mazad-reference';
// The product's own parsing of BID_EXTENSION (seconds, 90 by default).
const { bidExtensionSeconds } = AppConfig.fromEnvironment({
  JWT_SECRET: 'x'.repeat(32),
  BID_EXTENSION: env.BID_EXTENSION,
});
const BROADCAST_MS = Number(env.REFERENCE_BROADCAST_MS ?? 100);
const KEY = jwtKey(env.JWT_SECRET ?? '');
const WRITE_BIDS_SQL = writeBidsSql();
/** Same batching and lock limits as the product's BidSequencer. */
const MAX_BATCH = 200;
const MAX_HOLD_MS = 50;
const STEP_ASIDE_MS = 10;
const LOCK_TTL_MS = 5_000;
const LOCK_WAIT_MS = 3_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN = new Set(OPEN_STATUSES);

const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const key = (...parts) => [PREFIX, ...parts].join(':');

// ---------------------------------------------------------------------------------------------
// Auth: the product's check (JwtStrategy + TokenService.resolve), without passport.

/** The member behind a bearer token, or null (bad signature, expired, retired or revoked). */
async function authenticate(header) {
  return header?.startsWith('Bearer ') ? resolveClaims(claimsOf(header.slice(7))) : null;
}

/** The claims of a token whose signature and expiry hold (HS256 only), else null. */
function claimsOf(token) {
  try {
    return jwt.verify(token, KEY, { algorithms: ['HS256'] });
  } catch {
    return null;
  }
}

/** The member behind verified claims: the account row (version, deletion) and the deny list, in one statement. */
async function resolveClaims(claims) {
  if (typeof claims?.sub !== 'string' || typeof claims.tv !== 'number' || !UUID.test(claims.sub)) return null;
  const sessionId = claims.jti ?? `${claims.sub}.${claims.iat ?? 0}`;
  const { rows } = await db.query({
    name: 'token-user',
    text: `SELECT id, name, is_verified, token_version, deleted_at,
                  EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = $2) AS revoked
             FROM users WHERE id = $1`,
    values: [claims.sub, sessionId],
  });
  const user = rows[0];
  if (!user || user.deleted_at || user.token_version !== claims.tv || user.revoked) return null;
  return { id: user.id, name: user.name, isVerified: user.is_verified };
}

// ---------------------------------------------------------------------------------------------
// The bid engine: per-auction queue in this process, Redis lock per turn, batches written in one
// conditional statement (PostgreSQL stays the arbiter).

class BidError extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) end
return redis.call('exists', KEYS[2])`;

async function acquireLock(auctionId) {
  const lockKey = key('lock', 'auction', auctionId);
  const waitingKey = `${lockKey}:waiting`;
  const token = randomUUID();
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, 5)) {
    if ((await redis.set(lockKey, token, 'PX', LOCK_TTL_MS, 'NX')) === 'OK')
      return async () => (await redis.eval(RELEASE, 2, lockKey, waitingKey, token)) === 1;
    if (Date.now() >= deadline) throw new BidError('AUCTION_BUSY');
    await redis.set(waitingKey, '1', 'PX', 50);
    await new Promise((r) => setTimeout(r, pause));
  }
}

async function loadState(auctionId) {
  const { rows } = await db.query({
    name: 'bid-state',
    text: `SELECT a.seller_id, a.status, a.title, a.current_price_fils::bigint AS price, a.bid_count, a.end_time, now() AS db_now,
                  (SELECT b.bidder_id FROM bids b WHERE b.auction_id = a.id AND NOT b.is_cancelled
                    ORDER BY b.seq DESC LIMIT 1) AS leader_id
             FROM auctions a WHERE a.id = $1`,
    values: [auctionId],
  });
  const r = rows[0];
  return (
    r && {
      sellerId: r.seller_id,
      status: r.status,
      title: r.title,
      priceFils: Number(r.price),
      bidCount: r.bid_count,
      endTime: r.end_time,
      dbNow: r.db_now,
      leaderId: r.leader_id,
    }
  );
}

function closedReason(state) {
  if (!state || state.status === AuctionStatus.Deleted) return 'AUCTION_NOT_FOUND';
  if (!OPEN.has(state.status)) return 'AUCTION_NOT_OPEN';
  if (state.endTime.getTime() <= state.dbNow.getTime()) return 'AUCTION_ENDED';
  return null;
}

/** auctionId → { items, running } */
const queues = new Map();

/** `idempotencyKey` (or null) is stored with the bid, as the product's engine does. */
function placeBid(auctionId, user, amountFils, idempotencyKey) {
  return new Promise((resolve, reject) => {
    let queue = queues.get(auctionId);
    if (!queue) queues.set(auctionId, (queue = { items: [], running: false }));
    queue.items.push({ user, amountFils, idempotencyKey, resolve, reject });
    if (!queue.running) void drain(auctionId, queue);
  });
}

async function drain(auctionId, queue) {
  queue.running = true;
  while (queue.items.length > 0) {
    let release;
    try {
      release = await acquireLock(auctionId);
    } catch (err) {
      for (const item of queue.items.splice(0)) item.reject(err);
      break;
    }
    let contended;
    try {
      const heldSince = Date.now();
      let state = await loadState(auctionId);
      while (queue.items.length > 0 && Date.now() - heldSince < MAX_HOLD_MS) {
        const batch = queue.items.splice(0, MAX_BATCH);
        // A failed write answers its own batch too (it is off the queue): no bid waits forever.
        state = await writeBatch(auctionId, state, batch).catch((err) => {
          for (const item of batch) item.reject(err);
          throw err;
        });
      }
    } catch (err) {
      for (const item of queue.items.splice(0)) item.reject(err);
    } finally {
      contended = await release().catch(() => false);
    }
    if (contended && queue.items.length > 0) await new Promise((r) => setTimeout(r, STEP_ASIDE_MS));
  }
  queue.running = false;
  if (queue.items.length === 0) queues.delete(auctionId);
}

/** Judges a batch in arrival order and writes the accepted bids in ONE statement; returns the new state. */
async function writeBatch(auctionId, initial, batch) {
  let state = initial;
  for (let attempt = 0; attempt <= 5; attempt++) {
    const closed = closedReason(state);
    if (closed) {
      for (const item of batch) item.reject(new BidError(closed));
      return state;
    }
    const accepted = [];
    let price = state.priceFils;
    for (const item of batch) {
      if (item.user.id === state.sellerId) item.code = 'BID_OWN_AUCTION';
      else if (item.amountFils <= price) item.code = 'BID_TOO_LOW';
      else {
        item.code = null;
        accepted.push(item);
        price = item.amountFils;
      }
    }
    if (accepted.length === 0) {
      for (const item of batch) item.reject(new BidError(item.code));
      return state;
    }
    const { rows } = await db.query({
      name: 'write-bids',
      text: WRITE_BIDS_SQL,
      values: [
        auctionId,
        state.priceFils,
        price,
        accepted.length,
        bidExtensionSeconds,
        accepted.map((b) => b.user.id),
        accepted.map((b) => b.amountFils),
        accepted.map((b) => b.idempotencyKey ?? null),
        // No automatic bids and no maximums here: all manual, none changed, version 0 (never moved).
        accepted.map(() => false),
        [],
        [],
        0,
      ],
    });
    const r = rows[0];
    if (!r?.end_time) {
      state = await loadState(auctionId); // the auction moved underneath: judge again
      continue;
    }
    for (const item of batch) if (item.code) item.reject(new BidError(item.code));
    const bids = r.bids.map((b, i) => ({
      _id: b.id,
      id: b.id,
      amount: filsToJod(Number(b.amount_fils)),
      bidder: { _id: b.bidder_id, id: b.bidder_id, name: accepted[i].user.name },
      createdAt: new Date(b.created_at).toISOString(),
      isCancelled: false,
    }));
    // The write only happens while the price is unchanged, so no bid slipped in between: the
    // auction's count moves by exactly this batch.
    const bidCount = state.bidCount + bids.length;
    const firstSeq = Number(r.bids[0].seq);
    const view = await live(auctionId, {
      priceFils: price,
      endTime: r.end_time,
      status: state.status,
      bids,
      bidCount,
      firstSeq,
    });
    bids.forEach((bid, i) => accepted[i].resolve({ bid, auction: view }));
    // Members overtaken by this batch get the private `outbid` notice, as on the product.
    const outbid = new Map();
    let leader = state.leaderId;
    for (const bid of bids) {
      if (leader && leader !== bid.bidder.id) outbid.set(leader, bid.amount);
      outbid.delete(bid.bidder.id);
      leader = bid.bidder.id;
    }
    broadcast(auctionId, view, bids[bids.length - 1], outbid, state.title);
    return { ...state, priceFils: price, bidCount, endTime: r.end_time, leaderId: leader };
  }
  for (const item of batch) item.reject(new BidError('AUCTION_BUSY'));
  return null;
}

// ---------------------------------------------------------------------------------------------
// The slim live view and its coalesced broadcast.

/** auctionId → { count, bids }: the last bids seen by this replica and the bid count after them. */
const recent = new Map();

/**
 * The slim live view, exactly the contract's `LiveAuction` (contracts/src/socket-events.ts):
 * what a card, the modal and the detail page need to move, nothing else. `seq` is the auction's
 * bid count after these bids (a per-auction sequence): a watcher whose next message does not
 * follow what it has seen (`liveViewOrder`) knows it missed bids and re-reads the auction.
 */
async function live(auctionId, { priceFils, endTime, status, bids, bidCount, firstSeq }) {
  let known = recent.get(auctionId);
  // Another replica wrote bids since ours (or this replica just started): read the missing ones.
  if (bids.length < LIVE_VIEW_BIDS && known?.count !== bidCount - bids.length)
    known = { bids: await lastBids(auctionId, firstSeq) };
  const last = [...(known?.bids ?? []), ...bids].slice(-LIVE_VIEW_BIDS);
  recent.set(auctionId, { count: bidCount, bids: last });
  const seq = bidCount;
  return {
    _id: auctionId,
    currentPrice: filsToJod(priceFils),
    bidCount: seq,
    endTime: new Date(endTime).toISOString(),
    status,
    winner: null,
    lastBids: [...last].reverse(), // newest first
    seq,
  };
}

/** The stored bids of an auction just before `beforeSeq` (at most LIVE_VIEW_BIDS), oldest first. */
async function lastBids(auctionId, beforeSeq) {
  const { rows } = await db.query({
    name: 'last-bids',
    text: `SELECT b.id, b.seq, b.amount_fils::bigint AS amount, b.bidder_id, u.name, b.created_at
             FROM bids b JOIN users u ON u.id = b.bidder_id
            WHERE b.auction_id = $1 AND b.seq < $2 AND NOT b.is_cancelled ORDER BY b.seq DESC LIMIT ${LIVE_VIEW_BIDS}`,
    values: [auctionId, beforeSeq],
  });
  return rows.reverse().map((b) => ({
    _id: b.id,
    id: b.id,
    amount: filsToJod(Number(b.amount)),
    bidder: { _id: b.bidder_id, id: b.bidder_id, name: b.name },
    createdAt: new Date(b.created_at).toISOString(),
    isCancelled: false,
  }));
}

/** auctionId → the message waiting for its window (the latest view, bid and outbid notices). */
const pending = new Map();
const lastFlush = new Map();

function broadcast(auctionId, view, bid, outbid, title) {
  const entry = pending.get(auctionId);
  if (entry) {
    entry.view = view;
    entry.bid = bid;
    for (const [userId, amount] of outbid) entry.outbid.set(userId, amount);
    entry.outbid.delete(bid.bidder.id);
    return;
  }
  pending.set(auctionId, { view, bid, outbid });
  const wait = (lastFlush.get(auctionId) ?? 0) + BROADCAST_MS - Date.now();
  const flush = () => {
    const { view: auction, bid: latest, outbid: notices } = pending.get(auctionId);
    pending.delete(auctionId);
    lastFlush.set(auctionId, Date.now());
    io.to(auctionRoom(auctionId)).emit(SocketEvents.NewBid, { auction, bid: latest });
    for (const [userId, amount] of notices)
      io.to(userRoom(userId)).emit(SocketEvents.Outbid, {
        auctionId,
        title,
        amount,
        currentPrice: auction.currentPrice,
        message: `تم تجاوز مزايدتك على "${title}"`,
      });
  };
  if (wait > 0) setTimeout(flush, wait);
  else setImmediate(flush);
}

// ---------------------------------------------------------------------------------------------
// HTTP.

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

function sendError(res, code) {
  const { status, body } = errorAnswer(code);
  send(res, status, body);
}

function readJson(req, limit = 16 * 1024) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > limit) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

const BID_PATH = /^\/api\/auctions\/([^/]+)\/bid$/;

/**
 * The bid command shared by HTTP and the socket: the product's checks in the product's order,
 * and the answer `{ status, body }`. An idempotency key replays the first final answer (24 h,
 * in Redis), as the product's IdempotencyInterceptor does.
 */
async function bidCommand(user, auctionId, body, idempotencyKey) {
  if (!UUID.test(auctionId)) return errorAnswer('INVALID_ID');
  if (!user.isVerified) return errorAnswer('ACCOUNT_NOT_VERIFIED');
  const amount = body?.amount;
  const fils = typeof amount === 'number' && amount > 0 && amount <= LIMITS.maxPriceJod ? jodToFils(amount) : undefined;
  if (fils === undefined) return errorAnswer('VALIDATION_ERROR');
  const idemKey = typeof idempotencyKey === 'string' && idempotencyKey ? key('idem', user.id, idempotencyKey) : null;
  if (idemKey) {
    const replay = await redis.get(idemKey);
    if (replay) return JSON.parse(replay);
  }
  let answer;
  try {
    const { auction, bid } = await placeBid(auctionId, user, fils, idempotencyKey || null);
    answer = { status: 200, body: { success: true, message: 'تمت إضافة المزايدة بنجاح', auction, bid } };
  } catch (err) {
    if (!(err instanceof BidError)) console.error(err);
    answer = errorAnswer(err instanceof BidError ? err.code : 'INTERNAL_ERROR');
  }
  // Only final answers are remembered (not AUCTION_BUSY nor 5xx), as on the product.
  if (idemKey && answer.status < 500) await redis.set(idemKey, JSON.stringify(answer), 'EX', 86_400);
  return answer;
}

function errorAnswer(code) {
  const { status, message } = ERRORS[code] ?? ERRORS.INTERNAL_ERROR;
  return { status, body: { statusCode: status, code, message, error: message } };
}

async function handle(req, res) {
  if (req.method === 'GET' && req.url === '/api/health') return send(res, 200, { status: 'ok' });
  // The query (`?view=live`, which the bench asks of the product) changes nothing here.
  const match = req.method === 'POST' ? BID_PATH.exec(req.url.split('?')[0]) : null;
  if (!match) return sendError(res, 'NOT_FOUND');
  const [user, body] = await Promise.all([authenticate(req.headers.authorization), readJson(req)]);
  if (!user) return sendError(res, req.headers.authorization ? 'TOKEN_INVALID' : 'UNAUTHORIZED');
  const { status, body: answer } = await bidCommand(user, match[1], body, req.headers['idempotency-key']);
  send(res, status, answer);
}

const http = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  handle(req, res).catch((err) => {
    console.error(err);
    if (!res.headersSent) sendError(res, 'INTERNAL_ERROR');
  });
});

// ---------------------------------------------------------------------------------------------
// Socket.IO: the product's server options and Redis adapter; watchers join auction rooms.

const io = new Server(http, { pingInterval: 20_000, pingTimeout: 20_000, serveClient: false });
const pub = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
io.adapter(createAdapter(pub, sub, { key: key('socket.io') }));

// A token in the handshake is checked like the product's gateway does; a bad one connects as a visitor.
io.use((socket, next) => {
  const token = socket.handshake.auth?.token;
  if (!token) return next();
  const claims = claimsOf(token);
  resolveClaims(claims).then(
    (user) => {
      if (user) {
        socket.data.user = user;
        socket.data.claims = claims;
      }
      next();
    },
    (err) => next(err),
  );
});

io.on('connection', (socket) => {
  // Members hear their private notices (outbid) in their own room, as on the product.
  if (socket.data.user) socket.join(userRoom(socket.data.user.id));
  const room = (payload, ack, action) => {
    const id = typeof payload === 'string' ? payload : payload?.auctionId;
    if (typeof id !== 'string' || !UUID.test(id)) {
      socket.emit(SocketEvents.Error, { message: ERRORS.INVALID_ID?.message, code: 'INVALID_ID' });
      return typeof ack === 'function' && ack({ ok: false });
    }
    action(auctionRoom(id));
    if (typeof ack === 'function') ack({ ok: true, auctionId: id });
  };
  socket.on(SocketEvents.JoinAuction, (p, ack) => room(p, ack, (r) => socket.join(r)));
  socket.on(SocketEvents.JoinAuctionAlt, (p, ack) => room(p, ack, (r) => socket.join(r)));
  socket.on(SocketEvents.LeaveAuction, (p, ack) => room(p, ack, (r) => socket.leave(r)));
  socket.on(SocketEvents.LeaveAuctionAlt, (p, ack) => room(p, ack, (r) => socket.leave(r)));

  // Bids over the socket: `place_bid { auctionId, amount, idempotencyKey }`, acknowledged with the
  // HTTP call's answer or error body. The member's token is checked again for each bid (account
  // row and deny list), as the product re-checks a member socket's token before each event.
  socket.on('place_bid', (payload, ack) => {
    if (typeof ack !== 'function') return;
    const answer = socket.data.claims
      ? resolveClaims(socket.data.claims).then((user) =>
          user ? bidCommand(user, payload?.auctionId, payload, payload?.idempotencyKey) : errorAnswer('TOKEN_INVALID'),
        )
      : Promise.resolve(errorAnswer('UNAUTHORIZED'));
    answer.then(
      ({ body }) => ack(body),
      (err) => {
        console.error(err);
        ack(errorAnswer('INTERNAL_ERROR').body);
      },
    );
  });
});

http.listen(PORT, '127.0.0.1', () => console.log(`reference server on http://127.0.0.1:${PORT}`));

async function shutdown() {
  io.close();
  await Promise.allSettled([db.end(), redis.quit(), pub.quit(), sub.quit()]);
  process.exit(0);
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
