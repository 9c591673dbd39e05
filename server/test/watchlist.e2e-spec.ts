import { randomUUID } from 'node:crypto';
import { AuctionStatus, type WatchlistResult, type WatchResult } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * The watchlist (docs/auctions.md, "Watchlist"): PUT/DELETE /api/auctions/{id}/watch,
 * GET /api/users/me/watchlist, `watchCount` and `watchedByMe` on auction answers, bids and
 * buy-now watching, the live events, and the permissions.
 */
describe('watchlist', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'البائع' });
    alice = await createUser(t, { name: 'أليس' });
    bob = await createUser(t, { name: 'باسم' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const watch = (id: string, who?: TestUser) => {
    const req = t.http().put(`/api/auctions/${id}/watch`);
    return who ? req.set(who.auth) : req;
  };
  const unwatch = (id: string, who?: TestUser) => {
    const req = t.http().delete(`/api/auctions/${id}/watch`);
    return who ? req.set(who.auth) : req;
  };
  const watchlist = async (who: TestUser, query = ''): Promise<WatchlistResult> =>
    (await t.http().get(`/api/users/me/watchlist${query}`).set(who.auth).expect(200)).body;
  const auction = async (id: string, who?: TestUser) => {
    const req = t.http().get(`/api/auctions/${id}`);
    return (await (who ? req.set(who.auth) : req).expect(200)).body;
  };
  const storedWatchers = async (id: string): Promise<string[]> =>
    (
      await t.app
        .get(DataSource)
        .query(`SELECT user_id FROM auction_watches WHERE auction_id = $1 ORDER BY user_id`, [id])
    ).map((r: { user_id: string }) => r.user_id);

  it('saving is idempotent: repeating PUT answers the same and stores one row; DELETE likewise', async () => {
    const a = await createAuction(t, seller, { schedule: false });
    const first: WatchResult = (await watch(a.id, alice).expect(200)).body;
    expect(first).toEqual({
      success: true,
      message: 'تم حفظ المزاد في قائمة المتابعة',
      auctionId: a.id,
      watched: true,
      watchCount: 1,
    });
    expect((await watch(a.id, alice).expect(200)).body).toEqual(first);
    expect(await storedWatchers(a.id)).toEqual([alice.user.id]);

    const removed: WatchResult = (await unwatch(a.id, alice).expect(200)).body;
    expect(removed).toEqual({
      success: true,
      message: 'تمت إزالة المزاد من قائمة المتابعة',
      auctionId: a.id,
      watched: false,
      watchCount: 0,
    });
    expect((await unwatch(a.id, alice).expect(200)).body).toEqual(removed);
    expect(await storedWatchers(a.id)).toEqual([]);
  });

  it("watchCount counts members across accounts; watchedByMe is the viewer's own, absent for visitors and in lists", async () => {
    const a = await createAuction(t, seller, { title: 'ساعة للمتابعة', schedule: false });
    expect((await auction(a.id)).watchCount).toBe(0);
    await watch(a.id, alice).expect(200);
    expect((await watch(a.id, bob).expect(200)).body.watchCount).toBe(2);

    const anonymous = await auction(a.id);
    expect(anonymous.watchCount).toBe(2);
    expect(anonymous).not.toHaveProperty('watchedByMe');
    expect(await auction(a.id, alice)).toMatchObject({ watchCount: 2, watchedByMe: true });
    expect(await auction(a.id, seller)).toMatchObject({ watchCount: 2, watchedByMe: false });

    const listed = (await t.http().get('/api/auctions').query({ search: 'ساعة للمتابعة' }).expect(200)).body;
    expect(listed.auctions.find((x: { _id: string }) => x._id === a.id)).toMatchObject({ watchCount: 2 });
    expect(listed.auctions[0]).not.toHaveProperty('watchedByMe');

    await unwatch(a.id, bob).expect(200);
    expect((await auction(a.id, bob)).watchedByMe).toBe(false);
    expect((await auction(a.id)).watchCount).toBe(1);
  });

  it('parallel PUTs from one member count once', async () => {
    const a = await createAuction(t, seller, { schedule: false });
    const answers = await Promise.all(Array.from({ length: 12 }, () => watch(a.id, alice)));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((r) => r.body.watchCount))).toEqual(new Set([1]));
    expect(await storedWatchers(a.id)).toEqual([alice.user.id]);
    expect((await auction(a.id)).watchCount).toBe(1);
  });

  it('parallel PUTs from different members count each once', async () => {
    const a = await createAuction(t, seller, { schedule: false });
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    await Promise.all(members.flatMap((m) => [watch(a.id, m), watch(a.id, m)]));
    expect((await auction(a.id)).watchCount).toBe(6);
  });

  it('GET /api/users/me/watchlist: most recently saved first, paged, in the list shape with watchedByMe', async () => {
    const carol = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const a = await createAuction(t, seller, { title: `محفوظ ${i}`, schedule: false });
      await watch(a.id, carol).expect(200);
      ids.push(a.id);
    }
    const page1 = await watchlist(carol, '?limit=2');
    expect(page1.success).toBe(true);
    expect(page1.auctions.map((x) => x._id)).toEqual([ids[2], ids[1]]);
    expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasNext: true, hasPrev: false });
    expect(page1.auctions[0]).toMatchObject({ title: 'محفوظ 2', watchCount: 1, watchedByMe: true, bids: [] });
    expect(typeof page1.serverTime).toBe('string');
    const page2 = await watchlist(carol, '?limit=2&page=2');
    expect(page2.auctions.map((x) => x._id)).toEqual([ids[0]]);
    expect(page2.pagination).toMatchObject({ page: 2, total: 3, hasNext: false, hasPrev: true });

    // Another member's list is their own.
    expect((await watchlist(bob)).auctions.map((x) => x._id)).not.toContain(ids[0]);

    const bad = await t.http().get('/api/users/me/watchlist?limit=0').set(carol.auth).expect(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await t.http().get('/api/users/me/watchlist?sort=x').set(carol.auth).expect(400)).body.code).toBe(
      'UNKNOWN_FIELD',
    );
  });

  it('GET /api/users/me/watching: which of the asked auctions the member watches, in the order asked', async () => {
    const gina = await createUser(t);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createAuction(t, seller, { schedule: false })));
    await watch(c.id, gina).expect(200);
    await watch(a.id, gina).expect(200);
    await watch(b.id, alice).expect(200); // someone else's watch is not the member's
    const ask = (ids: string, who: TestUser = gina) =>
      t.http().get('/api/users/me/watching').query({ ids }).set(who.auth);

    expect((await ask(`${a.id},${b.id},${c.id}`).expect(200)).body).toEqual({
      success: true,
      auctionIds: [a.id, c.id],
    });
    // Any letter case and repeats: the canonical ids, once.
    expect((await ask(`${c.id.toUpperCase()}, ${c.id},${randomUUID()}`).expect(200)).body.auctionIds).toEqual([c.id]);
    await unwatch(a.id, gina).expect(200);
    expect((await ask(`${a.id},${c.id}`).expect(200)).body.auctionIds).toEqual([c.id]);

    // Bad input is named; more than a page of ids is refused; visitors are refused.
    const bad = (await ask(`${a.id},nope`).expect(400)).body;
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.message).toContain('(ids)');
    expect((await t.http().get('/api/users/me/watching').set(gina.auth).expect(400)).body.code).toBe(
      'VALIDATION_ERROR',
    );
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    expect((await ask(many).expect(400)).body.message).toContain('100');
    expect((await t.http().get('/api/users/me/watching').query({ ids: a.id }).expect(401)).body.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('a bid (REST and socket) and a buy-now watch the auction for the bidder', async () => {
    const dana = await createUser(t);
    const rest = await createAuction(t, seller, { startingPrice: 100, schedule: false });
    // The whole auction (the default answer) tells the bidder they watch it; the live view has no watch fields.
    const bid = await t.http().post(`/api/auctions/${rest.id}/bid`).set(dana.auth).send({ amount: 110 }).expect(200);
    expect(bid.body.auction).toMatchObject({ watchCount: 1, watchedByMe: true });
    expect(await storedWatchers(rest.id)).toEqual([dana.user.id]);
    // Bidding again while watching changes nothing.
    await t.http().post(`/api/auctions/${rest.id}/bid`).set(dana.auth).send({ amount: 120 }).expect(200);
    expect((await auction(rest.id)).watchCount).toBe(1);

    const bySocket = await createAuction(t, seller, { startingPrice: 100, schedule: false });
    const socket = await connectSocket(t.url, dana.token);
    sockets.push(socket);
    const ack = await socket
      .timeout(10_000)
      .emitWithAck('place_bid', { auctionId: bySocket.id, amount: 105, idempotencyKey: randomUUID() });
    expect(ack).toMatchObject({ success: true, auction: { watchedByMe: true, watchCount: 1 } });
    expect(await storedWatchers(bySocket.id)).toEqual([dana.user.id]);

    const bought = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 300, schedule: false });
    const buy = await t.http().post(`/api/auctions/${bought.id}/buy-now`).set(dana.auth).expect(200);
    expect(buy.body.auction).toMatchObject({ status: AuctionStatus.Sold, watchCount: 1, watchedByMe: true });

    const listed = (await watchlist(dana)).auctions.map((x) => x._id);
    expect(listed).toEqual(expect.arrayContaining([rest.id, bySocket.id, bought.id]));
  });

  it('a refused bid does not watch', async () => {
    const erin = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
    await t.http().post(`/api/auctions/${a.id}/bid`).set(erin.auth).send({ amount: 90 }).expect(400);
    expect(await storedWatchers(a.id)).toEqual([]);
  });

  it("live: the auction room gets watch_count, the member's own devices watchlist_changed", async () => {
    const a = await createAuction(t, seller, { schedule: false });
    const viewer = await connectSocket(t.url);
    const aliceElsewhere = await connectSocket(t.url, alice.token);
    sockets.push(viewer, aliceElsewhere);
    await joinAuction(viewer, a.id);

    const count = nextEvent(viewer, 'watch_count', (p) => p.auctionId === a.id);
    const own = nextEvent(aliceElsewhere, 'watchlist_changed', (p) => p.auctionId === a.id);
    await watch(a.id, alice).expect(200);
    expect(await count).toEqual({ auctionId: a.id, watchCount: 1 });
    expect(await own).toEqual({ auctionId: a.id, watched: true, watchCount: 1 });

    const gone = nextEvent(aliceElsewhere, 'watchlist_changed', (p) => p.auctionId === a.id);
    await unwatch(a.id, alice).expect(200);
    expect(await gone).toEqual({ auctionId: a.id, watched: false, watchCount: 0 });
  });

  it('signed-in members only: 401 without or with a bad token, for every call', async () => {
    const a = await createAuction(t, seller, { schedule: false });
    expect((await watch(a.id).expect(401)).body).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'يجب تسجيل الدخول أولاً',
    });
    expect((await unwatch(a.id).expect(401)).body.code).toBe('UNAUTHORIZED');
    expect((await t.http().get('/api/users/me/watchlist').expect(401)).body.code).toBe('UNAUTHORIZED');
    const bad = { Authorization: 'Bearer not-a-token' };
    expect((await t.http().put(`/api/auctions/${a.id}/watch`).set(bad).expect(401)).body.code).toBe('TOKEN_INVALID');
    expect(await storedWatchers(a.id)).toEqual([]);
  });

  it('400 INVALID_ID; 404 for a missing auction and one an operator removed; removed and archived ones leave the list', async () => {
    const frank = await createUser(t);
    expect((await watch('not-a-uuid', frank).expect(400)).body.code).toBe('INVALID_ID');
    const missing = await watch(randomUUID(), frank).expect(404);
    expect(missing.body).toMatchObject({ code: 'AUCTION_NOT_FOUND', message: 'المزاد غير موجود' });
    expect((await unwatch(randomUUID(), frank).expect(404)).body.code).toBe('AUCTION_NOT_FOUND');

    const removed = await createAuction(t, seller, { status: AuctionStatus.Deleted, schedule: false });
    expect((await watch(removed.id, frank).expect(404)).body.code).toBe('AUCTION_NOT_FOUND');

    const later = await createAuction(t, seller, { schedule: false });
    const archived = await createAuction(t, seller, { schedule: false });
    await watch(later.id, frank).expect(200);
    await watch(archived.id, frank).expect(200);
    const db = t.app.get(DataSource);
    await db.query(`UPDATE auctions SET status = $2 WHERE id = $1`, [later.id, AuctionStatus.Deleted]);
    await db.query(`UPDATE auctions SET status = $2, archived_at = now() WHERE id = $1`, [
      archived.id,
      AuctionStatus.Unsold,
    ]);
    const list = await watchlist(frank);
    expect(list.auctions).toEqual([]);
    expect(list.pagination.total).toBe(0);
  });

  it('rate-limited like other writes: 429 WATCH_RATE_LIMITED past 60 a minute', async () => {
    const gina = await createUser(t);
    const a = await createAuction(t, seller, { schedule: false });
    for (let i = 0; i < 30; i += 1) {
      await watch(a.id, gina).expect(200);
      await unwatch(a.id, gina).expect(200);
    }
    const limited = await watch(a.id, gina).expect(429);
    expect(limited.body).toMatchObject({
      code: 'WATCH_RATE_LIMITED',
      message: 'محاولات حفظ كثيرة خلال دقيقة، يرجى الانتظار قليلاً',
    });
    // Reading the list is not a write and is not counted.
    await t.http().get('/api/users/me/watchlist').set(gina.auth).expect(200);
  });
});
