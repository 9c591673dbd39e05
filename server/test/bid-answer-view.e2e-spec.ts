import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { createAuction, storedBids } from './support/auctions';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** The fields of the live view (contracts LiveAuction), what `new_bid` carries. */
const LIVE_VIEW_KEYS = ['_id', 'bidCount', 'currentPrice', 'endTime', 'lastBids', 'seq', 'status', 'winner'];

/**
 * docs/adr/0018-whole-auction-by-default.md (and 0015 before it): a bid's and a maximum's answer
 * carry the whole auction, as a client of the public API expects (its `bids` end with the bid,
 * with their times), unless the caller asks for the live view (`?view=live`, or `view: 'live'`
 * over the socket, as the web app does); the idempotency record keeps what was answered; and
 * neither shape ever carries a maximum.
 */
describe('the bid answer: the whole auction by default, the live view on request', () => {
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

  async function socketOf(who: TestUser): Promise<Socket> {
    const socket = await connectSocket(t.url, who.token);
    sockets.push(socket);
    return socket;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  const emit = async (socket: Socket, event: string, payload: unknown): Promise<any> =>
    socket.timeout(10_000).emitWithAck(event, payload);

  const httpBid = (
    id: string,
    who: TestUser,
    amount: number,
    { key, query = '' }: { key?: string; query?: string } = {},
  ) => {
    const req = t.http().post(`/api/auctions/${id}/bid${query}`).set(who.auth);
    return (key ? req.set('Idempotency-Key', key) : req).send({ amount });
  };

  it('over HTTP: the whole auction by default, its bids ending with the bid; the live view new_bid carries with ?view=live', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const watcher = await socketOf(bob);
    await joinAuction(watcher, a.id);
    const heard = nextEvent(watcher, 'new_bid');

    // As a client written from the public API reads it: the auction, its bids with their times.
    const plain = await httpBid(a.id, alice, 110).expect(200);
    expect(plain.body).toMatchObject({
      success: true,
      message: 'تمت إضافة المزايدة بنجاح',
      bid: { amount: 110, bidder: { _id: alice.user.id, name: 'أليس أحمد' }, createdAt: expect.any(String) },
      auction: {
        _id: a.id,
        title: expect.any(String),
        description: expect.any(String),
        images: expect.any(Array),
        currentPrice: 110,
        bidCount: 1,
        watchedByMe: true,
        watchCount: 1,
      },
    });
    expect(plain.body.auction.bids.at(-1)).toEqual(plain.body.bid);
    expect(Date.parse(plain.body.auction.bids.at(-1).createdAt)).not.toBeNaN();
    expect(plain.body.auction).not.toHaveProperty('lastBids');
    expect(plain.body.auction).not.toHaveProperty('seq');

    const lean = await httpBid(a.id, alice, 120, { query: '?view=live' }).expect(200);
    expect(Object.keys(lean.body.auction).sort()).toEqual(LIVE_VIEW_KEYS);
    expect(lean.body).toMatchObject({
      success: true,
      auction: { _id: a.id, currentPrice: 120, bidCount: 2, seq: 2, lastBids: [lean.body.bid, plain.body.bid] },
      bid: { amount: 120 },
    });
    // The first bid's broadcast is the live view the watchers get (one object per batch).
    expect((await heard).auction).toMatchObject({ _id: a.id, seq: 1, lastBids: [plain.body.bid] });

    const full = await httpBid(a.id, alice, 130, { query: '?view=full' }).expect(200);
    expect(full.body.auction.bids.map((b: { amount: number }) => b.amount)).toEqual([110, 120, 130]);
    const bad = await httpBid(a.id, alice, 140, { query: '?view=everything' }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const other = await httpBid(a.id, alice, 140, { query: '?view=live&cache=1' }).expect(400);
    expect(other.body.code).toBe('UNKNOWN_FIELD');
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([110_000, 120_000, 130_000]);
  });

  it("over the socket: the same answers, asked by the request's `view` field", async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await socketOf(alice);
    const plain = await emit(socket, 'place_bid', { auctionId: a.id, amount: 110, idempotencyKey: randomUUID() });
    expect(plain.auction).toMatchObject({ _id: a.id, title: expect.any(String), bidCount: 1, watchedByMe: true });
    expect(plain.auction.bids.at(-1)).toEqual(plain.bid);

    const lean = await emit(socket, 'place_bid', {
      auctionId: a.id,
      amount: 120,
      idempotencyKey: randomUUID(),
      view: 'live',
    });
    expect(lean.success).toBe(true);
    expect(Object.keys(lean.auction).sort()).toEqual(LIVE_VIEW_KEYS);

    const bad = await emit(socket, 'place_bid', { auctionId: a.id, amount: 130, view: 'everything' });
    expect(bad).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    // buy_now has no view: the field is an unknown one there, as over HTTP's body.
    const buy = await emit(socket, 'buy_now', { auctionId: a.id, view: 'live' });
    expect(buy).toMatchObject({ statusCode: 400, code: 'UNKNOWN_FIELD' });
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([110_000, 120_000]);
  });

  it('a replay under the same key answers the recorded (lean) body, over either transport and whatever view', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = randomUUID();
    const first = await httpBid(a.id, alice, 110, { key, query: '?view=live' }).expect(200);
    expect(Object.keys(first.body.auction).sort()).toEqual(LIVE_VIEW_KEYS);
    // A later bid moves the auction; the replay still answers what the first call answered.
    await httpBid(a.id, bob, 120).expect(200);

    const again = await httpBid(a.id, alice, 110, { key, query: '?view=live' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const askingNothing = await httpBid(a.id, alice, 110, { key }).expect(200);
    expect(askingNothing.body).toEqual(first.body);
    const overSocket = await emit(await socketOf(alice), 'place_bid', {
      auctionId: a.id,
      amount: 110,
      idempotencyKey: key,
    });
    expect(overSocket).toEqual(first.body);
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([110_000, 120_000]);
  });

  it("a maximum's answer: the whole auction by default, the live view on request, no other member's maximum in either", async () => {
    // A distinctive maximum no price reaches: 77.777 JOD.
    const a = await createAuction(t, seller, { startingPrice: 20 });
    const setMax = (who: TestUser, amount: number, query = '') =>
      t.http().put(`/api/auctions/${a.id}/max-bid${query}`).set(who.auth).send({ amount });

    const own = await setMax(alice, 77.777, '?view=live').expect(200);
    expect(Object.keys(own.body.auction).sort()).toEqual(LIVE_VIEW_KEYS);
    expect(own.body).toMatchObject({ leading: true, maxBid: { amount: 77.777 }, auction: { currentPrice: 21 } });

    const answers = [
      (await httpBid(a.id, bob, 30, { query: '?view=live' }).expect(200)).body,
      (await httpBid(a.id, bob, 40).expect(200)).body,
      (await setMax(bob, 50, '?view=live').expect(200)).body,
      (await setMax(bob, 60).expect(200)).body,
      (await t.http().delete(`/api/auctions/${a.id}/max-bid`).set(bob.auth).expect(200)).body,
    ];
    expect(answers[0].auction).toMatchObject({ currentPrice: 31 });
    expect(answers[0].auction.lastBids[0]).toMatchObject({ amount: 31, isAutomatic: true });
    expect(answers[1].auction).toMatchObject({ currentPrice: 41, title: expect.any(String) });
    expect(answers[2]).toMatchObject({ leading: false, auction: { currentPrice: 51, seq: expect.any(Number) } });
    expect(answers[3]).toMatchObject({ leading: false, auction: { currentPrice: 61, title: expect.any(String) } });
    expect(answers[4]).toMatchObject({ maxBid: null, auction: { currentPrice: 61, title: expect.any(String) } });
    const text = JSON.stringify(answers);
    expect(text).not.toContain('77.777');
    expect(text).not.toContain('77777');
  });
});
