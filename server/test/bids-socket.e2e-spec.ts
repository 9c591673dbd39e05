import { randomUUID } from 'node:crypto';
import { AuctionStatus, ERROR_MESSAGES } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { MEMBER_TICKETS_PER_AUCTION } from '../src/bids/engine/admission-tickets';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RATE_LIMIT_POLICIES } from '../src/infrastructure/rate-limit/rate-limit.policies';
import { createAuction, reloadAuction, storedBids } from './support/auctions';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-BID-SAME-BOTH-WAYS (docs/realtime.md, "Bids over the socket"): `place_bid` and `buy_now` from a signed-in socket are the
 * HTTP calls over another transport. Each refusal is asked both ways and the acknowledgement
 * must equal the HTTP error body (status inside, code, Arabic text); successes carry the HTTP
 * answer; rate limits and idempotency keys are shared with HTTP.
 */
describe('bids over the socket', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'سامي البائع' });
    alice = await createUser(t, { name: 'أليس أحمد' });
    bob = await createUser(t, { name: 'باسم علي' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  async function socketOf(who: TestUser | null | string): Promise<Socket> {
    const token = typeof who === 'string' ? who : who?.token;
    const socket = await connectSocket(t.url, token);
    sockets.push(socket);
    return socket;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  const emit = async (socket: Socket, event: string, payload: unknown): Promise<any> =>
    socket.timeout(10_000).emitWithAck(event, payload);

  const httpBid = (id: string, who: TestUser | null, body: object, key?: string) => {
    let req = t.http().post(`/api/auctions/${id}/bid`);
    if (who) req = req.set(who.auth);
    if (key) req = req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const httpBuy = (id: string, who: TestUser | null, body?: object, key?: string) => {
    let req = t.http().post(`/api/auctions/${id}/buy-now`);
    if (who) req = req.set(who.auth);
    if (key) req = req.set('Idempotency-Key', key);
    return body ? req.send(body) : req;
  };

  /** Asks a refusal over HTTP and over the socket: both answer the same error body. */
  async function expectSameRefusal(who: TestUser | null, event: 'place_bid' | 'buy_now', id: string, body: object) {
    const http = event === 'place_bid' ? await httpBid(id, who, body) : await httpBuy(id, who, body);
    const ack = await emit(await socketOf(who), event, { auctionId: id, ...body });
    expect(http.status).toBeGreaterThanOrEqual(400);
    expect(ack).toEqual(http.body);
    expect(ack.statusCode).toBe(http.status);
    return ack;
  }

  it('accepts a bid and acknowledges with the HTTP answer body', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await socketOf(alice);
    const ack = await emit(socket, 'place_bid', { auctionId: a.id, amount: 100.5, idempotencyKey: randomUUID() });
    expect(ack).toMatchObject({
      success: true,
      message: 'تمت إضافة المزايدة بنجاح',
      auction: { _id: a.id, currentPrice: 100.5, bidCount: 1 },
      bid: { amount: 100.5, bidder: { _id: alice.user.id, name: 'أليس أحمد' } },
    });
    // The same shape as the HTTP answer, key for key.
    const http = await httpBid(a.id, bob, { amount: 101 }).expect(200);
    expect(Object.keys(ack).sort()).toEqual(Object.keys(http.body).sort());
    expect(Object.keys(ack.auction).sort()).toEqual(Object.keys(http.body.auction).sort());
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([100_500, 101_000]);
  });

  it('refuses the seller on their own auction, as HTTP does', async () => {
    const a = await createAuction(t, seller);
    const ack = await expectSameRefusal(seller, 'place_bid', a.id, { amount: 500 });
    expect(ack).toMatchObject({ code: 'BID_OWN_AUCTION', message: 'لا يمكنك المزايدة على مزادك الخاص' });
  });

  it('refuses amounts at or below the current price and invalid amounts, as HTTP does', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    expect((await expectSameRefusal(alice, 'place_bid', a.id, { amount: 100 })).code).toBe('BID_TOO_LOW');
    for (const body of [{}, { amount: 'abc' }, { amount: -5 }, { amount: 120.1234 }, { amount: 1e12 }]) {
      const ack = await expectSameRefusal(alice, 'place_bid', a.id, body);
      expect(ack.code).toBe('VALIDATION_ERROR');
      expect(ack.message).toContain('amount');
    }
    expect((await expectSameRefusal(alice, 'place_bid', a.id, { amount: 120, price: 1 })).code).toBe('UNKNOWN_FIELD');
    expect((await expectSameRefusal(alice, 'place_bid', a.id, { amount: 'x\u0000' })).code).toBe('INVALID_CHARACTERS');
    // A malformed or missing id: INVALID_ID (HTTP: the route parameter).
    const socket = await socketOf(alice);
    for (const auctionId of ['not-a-uuid', undefined, 42]) {
      const ack = await emit(socket, 'place_bid', { auctionId, amount: 10 });
      expect(ack).toMatchObject({ statusCode: 400, code: 'INVALID_ID', message: ERROR_MESSAGES.INVALID_ID });
    }
    expect((await httpBid('not-a-uuid', alice, { amount: 10 }).expect(400)).body.code).toBe('INVALID_ID');
    expect(await storedBids(t, a.id)).toHaveLength(0);
  });

  it('refuses a missing auction, a closed one and one past its end, as HTTP does', async () => {
    const missing = '7b0a4b4e-0000-4000-8000-000000000000';
    expect((await expectSameRefusal(alice, 'place_bid', missing, { amount: 10 })).statusCode).toBe(404);
    const closed = await createAuction(t, seller, { status: AuctionStatus.Unsold, schedule: false });
    expect((await expectSameRefusal(alice, 'place_bid', closed.id, { amount: 1000 })).code).toBe('AUCTION_NOT_OPEN');
    const past = await createAuction(t, seller, { endsInSeconds: -1, schedule: false });
    expect((await expectSameRefusal(alice, 'place_bid', past.id, { amount: 1000 })).code).toBe('AUCTION_ENDED');
  });

  it('refuses unverified members (403), visitors (401 UNAUTHORIZED) and refused tokens (401 TOKEN_INVALID)', async () => {
    const a = await createAuction(t, seller);
    const unverified = await createUser(t, { isVerified: false });
    expect((await expectSameRefusal(unverified, 'place_bid', a.id, { amount: 200 })).code).toBe('ACCOUNT_NOT_VERIFIED');
    expect((await expectSameRefusal(null, 'place_bid', a.id, { amount: 200 })).code).toBe('UNAUTHORIZED');
    expect((await expectSameRefusal(null, 'buy_now', a.id, {})).code).toBe('UNAUTHORIZED');
    // A handshake token that does not hold connects as a visitor, told TOKEN_INVALID as HTTP tells it.
    const forged = await emit(await socketOf('not.a.token'), 'place_bid', { auctionId: a.id, amount: 200 });
    const http = await t.http().post(`/api/auctions/${a.id}/bid`).set('Authorization', 'Bearer not.a.token');
    expect(forged).toEqual(http.body);
    expect(forged).toMatchObject({ statusCode: 401, code: 'TOKEN_INVALID' });
    expect(await storedBids(t, a.id)).toHaveLength(0);
  });

  it('sees the member as of each event: verified after connecting, the socket may bid', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const later = await createUser(t, { isVerified: false });
    const socket = await socketOf(later);
    expect((await emit(socket, 'place_bid', { auctionId: a.id, amount: 11 })).code).toBe('ACCOUNT_NOT_VERIFIED');
    await t.app.get(DataSource).query(`UPDATE users SET is_verified = true WHERE id = $1`, [later.user.id]);
    expect((await emit(socket, 'place_bid', { auctionId: a.id, amount: 11 })).success).toBe(true);
  });

  it('shares the bids-member rate limit with HTTP (one counter, the same 429 body)', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const member = await createUser(t);
    const socket = await socketOf(member);
    const { points } = RATE_LIMIT_POLICIES['bids-member'];
    // Every bid counts, refused or not: spend all but one point over the socket, as many at once
    // as a member may have in one auction's queue (more would be refused before the rate counts
    // them: TOO_MANY_PENDING_BIDS)…
    const spent = [];
    for (let sent = 0; sent < points - 1; sent += MEMBER_TICKETS_PER_AUCTION) {
      const wave = Math.min(MEMBER_TICKETS_PER_AUCTION, points - 1 - sent);
      spent.push(
        ...(await Promise.all(
          Array.from({ length: wave }, () => emit(socket, 'place_bid', { auctionId: a.id, amount: 50 })),
        )),
      );
    }
    expect(spent).toHaveLength(points - 1);
    expect(spent.every((ack) => ack.code === 'BID_TOO_LOW')).toBe(true);
    // …the last one over HTTP, then both transports are refused alike.
    expect((await httpBid(a.id, member, { amount: 50 }).expect(400)).body.code).toBe('BID_TOO_LOW');
    const http = await httpBid(a.id, member, { amount: 150 }).expect(429);
    const ack = await emit(socket, 'place_bid', { auctionId: a.id, amount: 150 });
    expect(ack).toMatchObject({
      statusCode: 429,
      code: 'BID_RATE_LIMITED',
      message: ERROR_MESSAGES.BID_RATE_LIMITED,
      error: ERROR_MESSAGES.BID_RATE_LIMITED,
    });
    expect(ack.retryAfter).toBeGreaterThan(0);
    expect(Object.keys(ack).sort()).toEqual(Object.keys(http.body).sort());
    expect(await storedBids(t, a.id)).toHaveLength(0);
    await t.app.get(RateLimitService).reset('bids-member', member.user.id);
    expect((await emit(socket, 'place_bid', { auctionId: a.id, amount: 150 })).success).toBe(true);
  });

  it('applies a repeated key once, replays its answer, and refuses the key with another amount', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const socket = await socketOf(alice);
    const idempotencyKey = `socket-${randomUUID()}`;
    const first = await emit(socket, 'place_bid', { auctionId: a.id, amount: 11, idempotencyKey });
    const again = await emit(socket, 'place_bid', { auctionId: a.id, amount: 11, idempotencyKey });
    expect(first.success).toBe(true);
    expect(again).toEqual(first);
    expect(await storedBids(t, a.id)).toHaveLength(1);
    const reused = await emit(socket, 'place_bid', { auctionId: a.id, amount: 12, idempotencyKey });
    expect(reused).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_CONFLICT' });
    // Simultaneous twins: one bid.
    const twinKey = `twin-${randomUUID()}`;
    const twins = await Promise.all(
      Array.from({ length: 5 }, () =>
        emit(socket, 'place_bid', { auctionId: a.id, amount: 20, idempotencyKey: twinKey }),
      ),
    );
    expect(new Set(twins.map((ack) => ack.bid?.id)).size).toBe(1);
    expect(await storedBids(t, a.id)).toHaveLength(2);
    // A malformed key is refused as the header is.
    const bad = await emit(socket, 'place_bid', { auctionId: a.id, amount: 30, idempotencyKey: 'bad key!' });
    const badHttp = await httpBid(a.id, alice, { amount: 30 }, 'bad key!').expect(400);
    expect(bad).toEqual(badHttp.body);
    expect((await emit(socket, 'place_bid', { auctionId: a.id, amount: 30, idempotencyKey: 7 })).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('shares idempotency keys with HTTP: a key used over HTTP replays over the socket, and back', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const socket = await socketOf(bob);
    const key = `shared-${randomUUID()}`;
    const http = await httpBid(a.id, bob, { amount: 15 }, key).expect(200);
    const ack = await emit(socket, 'place_bid', { auctionId: a.id, amount: 15, idempotencyKey: key });
    expect(ack).toEqual(http.body);
    const conflict = await emit(socket, 'place_bid', { auctionId: a.id, amount: 16, idempotencyKey: key });
    expect(conflict.code).toBe('IDEMPOTENCY_CONFLICT');

    // A refusal recorded over the socket is replayed over HTTP (status and header included).
    const lowKey = `low-${randomUUID()}`;
    const low = await emit(socket, 'place_bid', { auctionId: a.id, amount: 5, idempotencyKey: lowKey });
    expect(low.code).toBe('BID_TOO_LOW');
    const replayed = await httpBid(a.id, bob, { amount: 5 }, lowKey).expect(400);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(low);
    expect(await storedBids(t, a.id)).toHaveLength(1);

    // Keys are per member and per action: the same key for buy_now is another request.
    const buy = await createAuction(t, seller, { startingPrice: 10, buyNowPrice: 100 });
    const bought = await emit(socket, 'buy_now', { auctionId: buy.id, expectedPrice: 100, idempotencyKey: key });
    expect(bought.success).toBe(true);
  });

  describe('buy_now', () => {
    it('sells at the buy-now price and acknowledges with the HTTP answer body', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 500 });
      await httpBid(a.id, bob, { amount: 150 }).expect(200);
      const key = `buy-${randomUUID()}`;
      const ack = await emit(await socketOf(alice), 'buy_now', {
        auctionId: a.id,
        expectedPrice: 500,
        idempotencyKey: key,
      });
      expect(ack).toMatchObject({
        success: true,
        message: 'تم شراء المنتج بنجاح، تم إلغاء جميع المزايدات وإنهاء المزاد',
        auction: { status: 'مباع', currentPrice: 500, winner: { _id: alice.user.id } },
      });
      expect((await storedBids(t, a.id)).every((b) => b.isCancelled)).toBe(true);
      // The same key over HTTP is the same purchase: replayed, not a second one (nor a refusal).
      const replay = await httpBuy(a.id, alice, { expectedPrice: 500 }, key).expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(ack);
    });

    it('refuses as HTTP does: seller, no buy-now price, price reached, price changed, ended, invalid', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 200 });
      expect((await expectSameRefusal(seller, 'buy_now', a.id, {})).code).toBe('BUY_NOW_OWN_AUCTION');
      expect((await expectSameRefusal(alice, 'buy_now', a.id, { expectedPrice: 300 })).code).toBe(
        'BUY_NOW_PRICE_CHANGED',
      );
      for (const expectedPrice of ['2,00', -1, 200.0001]) {
        expect((await expectSameRefusal(alice, 'buy_now', a.id, { expectedPrice })).code).toBe('VALIDATION_ERROR');
      }
      const none = await createAuction(t, seller, { buyNowPrice: null });
      expect((await expectSameRefusal(alice, 'buy_now', none.id, {})).code).toBe('BUY_NOW_UNAVAILABLE');
      // Bids stop below the buy-now price (R-BID-BUY-NOW-CAP): past it only as an auction from before that rule.
      expect((await expectSameRefusal(bob, 'place_bid', a.id, { amount: 250 })).code).toBe('BID_AT_BUY_NOW');
      await t.app.get(DataSource).query(`UPDATE auctions SET current_price_fils = 250000 WHERE id = $1`, [a.id]);
      expect((await expectSameRefusal(alice, 'buy_now', a.id, {})).code).toBe('BUY_NOW_PRICE_REACHED');
      const past = await createAuction(t, seller, { buyNowPrice: 500, endsInSeconds: -1, schedule: false });
      expect((await expectSameRefusal(alice, 'buy_now', past.id, {})).code).toBe('AUCTION_ENDED');
      const unverified = await createUser(t, { isVerified: false });
      expect((await expectSameRefusal(unverified, 'buy_now', a.id, {})).code).toBe('ACCOUNT_NOT_VERIFIED');
      expect((await reloadAuction(t, a.id)).status).toBe('نشط');
    });
  });
});
