/**
 * Smoke test of the reference server (load-tests/reference/): started against a fresh database
 * migrated by the product's migrations (the bench's environment, scripts/lib harness), it takes
 * bids over HTTP with the product's rules and JWT check, stores them with the engine's statement
 * and tells a lean watcher (plain ws, lib/engine-io.mjs) the slim live view; the same command
 * over the socket (`place_bid`, lib/socket-bidders.mjs).
 * Needs PostgreSQL and Redis on 127.0.0.1 (BENCH_DATABASE_URL / BENCH_REDIS_URL) and server/dist.
 *   node --test load-tests/test/
 * TEST_DB_PREFIX names the database (default mazad_test_reference); BENCH_PORT_BASE fixes the port.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { ERRORS } from '@mazad/contracts';
import jwt from 'jsonwebtoken';
import WebSocket from 'ws';
import { PONG, decodePacket, encodeConnect, encodeEvent, isEventFrame, socketUrl } from '../lib/engine-io.mjs';
import { createEnvironment } from '../lib/environment.mjs';
import { openSocketBidders } from '../lib/socket-bidders.mjs';

let env;
let server;
let seller;
let alice;
let bob;
let carol;
let auctionId;

before(async () => {
  env = await createEnvironment({
    databasePrefix: process.env.TEST_DB_PREFIX ?? 'mazad_test_reference',
    portBase: process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined,
  });
  [seller, alice, bob, carol] = await env.createMembers(4, 'عضو');
  await env.db.query('UPDATE users SET is_verified = false WHERE id = $1', [carol.id]);
  auctionId = await env.createAuction(seller.id, 1000);
  server = await env.startReference();
});

after(async () => {
  await env?.close();
});

async function bid(token, amount, id = auctionId) {
  const res = await fetch(`${server.url}/api/auctions/${id}/bid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ amount }),
  });
  return { status: res.status, body: await res.json() };
}

function assertError(answer, code) {
  assert.equal(answer.status, ERRORS[code].status, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, {
    statusCode: ERRORS[code].status,
    code,
    message: ERRORS[code].message,
    error: ERRORS[code].message,
  });
}

/** A lean watcher joined to the auction; `messages` fills with decoded new_bid payloads. */
function watcher(url) {
  const ws = new WebSocket(socketUrl(url));
  const messages = [];
  const joined = new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (frame) => {
      if (isEventFrame(frame, 'new_bid')) return messages.push(decodePacket(frame).args[0]);
      const packet = decodePacket(frame);
      if (packet.type === 'ping') ws.send(PONG);
      else if (packet.type === 'open') ws.send(encodeConnect());
      else if (packet.type === 'connect') ws.send(encodeEvent('join_auction', [auctionId], 0));
      else if (packet.type === 'ack') (packet.args[0]?.ok ? resolve : reject)(packet.args[0]);
    });
  });
  return { ws, messages, joined };
}

async function until(check, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the reference server judges, stores and broadcasts bids like the product', async () => {
  const watch = watcher(server.url);
  await watch.joined;

  // Accepted: the answer carries the bid and the slim live view.
  const first = await bid(alice.token, 2);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.bid.amount, 2);
  assert.equal(first.body.auction.currentPrice, 2);
  assert.equal(first.body.auction.seq, 1);

  // The product's rules and error format.
  assertError(await bid(bob.token, 1.5), 'BID_TOO_LOW');
  assertError(await bid(bob.token, 2), 'BID_TOO_LOW');
  assertError(await bid(seller.token, 3), 'BID_OWN_AUCTION');
  assertError(await bid(carol.token, 3), 'ACCOUNT_NOT_VERIFIED');
  assertError(await bid(bob.token, 1.0005), 'VALIDATION_ERROR');
  assertError(await bid(bob.token, 3, randomUUID()), 'AUCTION_NOT_FOUND');

  // The product's token check: signature, version, deny list.
  assertError(await bid(undefined, 3), 'UNAUTHORIZED');
  assertError(await bid(jwt.sign({ sub: bob.id, tv: 0 }, 'another-secret-of-32-characters!!'), 3), 'TOKEN_INVALID');
  assertError(await bid(jwt.sign({ sub: bob.id, tv: 1 }, env.env.JWT_SECRET), 3), 'TOKEN_INVALID');
  const jti = randomUUID();
  const revoked = jwt.sign({ sub: bob.id, tv: 0, jti }, env.env.JWT_SECRET, { expiresIn: '1h' });
  await env.db.query(
    `INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [jti, bob.id],
  );
  assertError(await bid(revoked, 3), 'TOKEN_INVALID');

  // A burst of rising bids from two members, all at once: batched, in order or refused.
  const amounts = Array.from({ length: 20 }, (_, i) => 3 + i * 0.5);
  const answers = await Promise.all(amounts.map((a, i) => bid(i % 2 ? alice.token : bob.token, a)));
  for (const a of answers) assert.ok(a.status === 200 || a.body.code === 'BID_TOO_LOW', JSON.stringify(a.body));
  const acceptedIds = [first, ...answers].filter((a) => a.status === 200).map((a) => a.body.bid.id);

  // Stored rows: exactly the accepted answers, amounts rising, price and count moved with them.
  const { rows: bids } = await env.db.query(
    'SELECT id, bidder_id, amount_fils::bigint AS amount FROM bids WHERE auction_id = $1 ORDER BY seq',
    [auctionId],
  );
  assert.deepEqual(bids.map((b) => b.id).sort(), [...acceptedIds].sort());
  for (let i = 1; i < bids.length; i++) assert.ok(Number(bids[i].amount) > Number(bids[i - 1].amount));
  assert.equal(bids[0].bidder_id, alice.id);
  assert.equal(Number(bids[0].amount), 2000);
  const {
    rows: [auction],
  } = await env.db.query('SELECT current_price_fils::bigint AS price, bid_count FROM auctions WHERE id = $1', [
    auctionId,
  ]);
  const last = bids[bids.length - 1];
  assert.equal(Number(auction.price), Number(last.amount));
  assert.equal(auction.bid_count, bids.length);

  // The watcher converges on the final price through the lean message.
  const finalJod = Number(last.amount) / 1000;
  await until(() => watch.messages.at(-1)?.auction.currentPrice === finalJod);
  const message = watch.messages.at(-1);
  assert.deepEqual(Object.keys(message).sort(), ['auction', 'bid']);
  assert.deepEqual(Object.keys(message.auction).sort(), [
    '_id',
    'bidCount',
    'currentPrice',
    'endTime',
    'lastBids',
    'seq',
    'status',
    'winner',
  ]);
  assert.equal(message.auction._id, auctionId);
  assert.equal(message.auction.seq, bids.length);
  assert.equal(message.auction.bidCount, bids.length);
  assert.equal(message.bid.id, last.id);
  assert.deepEqual(
    message.auction.lastBids.map((b) => b.id),
    bids
      .slice(-3)
      .reverse()
      .map((b) => b.id),
  );
  // Sequence numbers only move forward.
  const seqs = watch.messages.map((m) => m.auction.seq);
  assert.deepEqual(
    seqs,
    [...seqs].sort((a, b) => a - b),
  );
  watch.ws.terminate();
});

test('bids over the socket: the HTTP answer as acknowledgement, idempotent replay, signed-out refusal', async () => {
  const sockets = await openSocketBidders([server.url], [alice, bob]);
  try {
    const price = await currentPrice();
    const placed = await sockets.placeBid(1, 0, auctionId, price + 1);
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    assert.equal(placed.body.bid.amount, price + 1);
    assert.equal(placed.body.auction.currentPrice, price + 1);
    assertError(await sockets.placeBid(0, 0, auctionId, price + 0.5), 'BID_TOO_LOW');
    assertError(await sockets.placeBid(0, 0, auctionId, 'كثير'), 'VALIDATION_ERROR');
  } finally {
    sockets.close();
  }

  // The same idempotency key twice: one stored bid, the same answer replayed.
  const again = await openSocketBidders([server.url], [alice]);
  try {
    const price = await currentPrice();
    const key = randomUUID();
    const first = await again.placeBid(0, 0, auctionId, price + 1, key);
    const replay = await again.placeBid(0, 0, auctionId, price + 1, key);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(replay, first);
    const { rows } = await env.db.query(
      'SELECT count(*)::int AS n FROM bids WHERE auction_id = $1 AND amount_fils = $2',
      [auctionId, Math.round((price + 1) * 1000)],
    );
    assert.equal(rows[0].n, 1);
  } finally {
    again.close();
  }

  // A socket without a token may watch but not bid.
  const visitor = await openSocketBidders([server.url], [{ token: undefined }]);
  try {
    assertError(await visitor.placeBid(0, 0, auctionId, 1_000), 'UNAUTHORIZED');
  } finally {
    visitor.close();
  }
});

async function currentPrice() {
  const { rows } = await env.db.query('SELECT current_price_fils::bigint AS p FROM auctions WHERE id = $1', [
    auctionId,
  ]);
  return Number(rows[0].p) / 1000;
}
