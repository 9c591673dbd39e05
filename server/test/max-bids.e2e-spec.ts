import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { AuctionStatus } from '@mazad/contracts';
import { AuctionStore } from '../src/auctions';
import { createAuction, eventually, reloadAuction, storedBids } from './support/auctions';
import { ProcessCluster } from './support/process-cluster';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Automatic (maximum) bidding, R-MAX-BID and R-BID-STEP, on real PostgreSQL and Redis: the
 * classic proxy scenarios, the refusals, withdrawal, the silent raise, the buy-now ceiling, a
 * removed member's maximums, and a scan of everything other members receive for a maximum.
 * Prices here stay between 10 and 100 JOD, where the step is 1 JOD.
 */
describe('automatic (maximum) bidding', () => {
  let t: TestApp;
  let seller: TestUser;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ BID_EXTENSION: '60s' });
    seller = await createUser(t, { name: 'بائع' });
    [a, b, c] = await Promise.all(['أحمد', 'بشرى', 'كريم'].map((name) => createUser(t, { name })));
  });
  afterAll(() => t.close());

  const setMax = (auctionId: string, who: TestUser, amount: number, key?: string) => {
    const req = t.http().put(`/api/auctions/${auctionId}/max-bid`).set(who.auth);
    return (key ? req.set('Idempotency-Key', key) : req).send({ amount });
  };
  const getMax = (auctionId: string, who: TestUser) => t.http().get(`/api/auctions/${auctionId}/max-bid`).set(who.auth);
  const withdraw = (auctionId: string, who: TestUser) =>
    t.http().delete(`/api/auctions/${auctionId}/max-bid`).set(who.auth);
  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount });
  const history = async (auctionId: string) =>
    (await storedBidsWithMarks(auctionId)).map((x) => [x.bidderId, x.amountFils, x.automatic]);

  async function storedBidsWithMarks(auctionId: string) {
    const rows: { bidder_id: string; amount_fils: string; is_automatic: boolean }[] = await t.app
      .get(DataSource)
      .query(`SELECT bidder_id, amount_fils, is_automatic FROM bids WHERE auction_id = $1 ORDER BY seq`, [auctionId]);
    return rows.map((r) => ({ bidderId: r.bidder_id, amountFils: Number(r.amount_fils), automatic: r.is_automatic }));
  }

  it('a maximum opens one step over the price and answers manual bids at once, marked automatic', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    const set = await setMax(auction.id, a, 50).expect(200);
    expect(set.body).toMatchObject({ success: true, leading: true, maxBid: { amount: 50 } });
    expect(set.body.message).toContain('أعلى مزايدة');
    expect(set.body.auction.currentPrice).toBe(21);

    const answered = await bid(auction.id, b, 30).expect(200);
    // The manual bid is accepted, and the answer already carries the automatic one over it.
    expect(answered.body.bid).toMatchObject({ amount: 30, isAutomatic: false });
    expect(answered.body.auction.currentPrice).toBe(31);
    const last = answered.body.auction.bids.at(-1);
    expect(last).toMatchObject({ amount: 31, isAutomatic: true, bidder: { _id: a.user.id } });

    // A manual bid equal to the maximum stands: the maximum cannot go above it.
    await bid(auction.id, b, 50).expect(200);
    expect(await history(auction.id)).toEqual([
      [a.user.id, 21_000, true],
      [b.user.id, 30_000, false],
      [a.user.id, 31_000, true],
      [b.user.id, 50_000, false],
    ]);
    const detail = await t.http().get(`/api/auctions/${auction.id}`).expect(200);
    expect(detail.body.bids.map((x: { isAutomatic: boolean }) => x.isAutomatic)).toEqual([true, false, true, false]);
  });

  it('two maximums: the higher wins at the lower plus one step; the lower is told it is behind', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, a, 50).expect(200);
    const higher = await setMax(auction.id, b, 80).expect(200);
    expect(higher.body).toMatchObject({ leading: true, auction: { currentPrice: 51 } });
    const lower = await setMax(auction.id, c, 60).expect(200);
    expect(lower.body).toMatchObject({ leading: false, auction: { currentPrice: 61 } });
    expect(lower.body.message).toContain('أعلى منه');
    expect((await history(auction.id)).slice(-1)).toEqual([[b.user.id, 61_000, true]]);
  });

  it('equal maximums: the earlier wins at the maximum and the later member is told so in Arabic', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, a, 50).expect(200);
    const later = await setMax(auction.id, b, 50).expect(200);
    expect(later.body).toMatchObject({ leading: false, auction: { currentPrice: 50 } });
    expect(later.body.message).toBe('تم حفظ حدك الأقصى، لكن عضواً آخر سبقك إلى حدٍّ أقصى مساوٍ فبقي في المقدمة');
    expect((await history(auction.id)).slice(-1)).toEqual([[a.user.id, 50_000, true]]);
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(50_000);
  });

  it('refuses a maximum below the price plus one step, and takes one exactly there', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await bid(auction.id, b, 25).expect(200);
    for (const amount of [25, 25.999]) {
      const low = await setMax(auction.id, a, amount).expect(400);
      expect(low.body).toMatchObject({ code: 'MAX_BID_TOO_LOW', message: expect.stringContaining('خطوة') });
    }
    await setMax(auction.id, a, 26).expect(200);
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(26_000);
  });

  it('refuses a maximum at or above the buy-now price with the offer to buy now instead', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20, buyNowPrice: 90 });
    for (const amount of [90, 120]) {
      const res = await setMax(auction.id, a, amount).expect(409);
      expect(res.body.code).toBe('MAX_BID_AT_BUY_NOW');
      expect(res.body.message).toContain('الشراء الفوري');
    }
    await setMax(auction.id, a, 89.999).expect(200);
  });

  it('refuses the seller, an unverified member, a closed auction and no session', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    expect((await setMax(auction.id, seller, 40).expect(403)).body.code).toBe('BID_OWN_AUCTION');
    const unverified = await createUser(t, { isVerified: false });
    expect((await setMax(auction.id, unverified, 40).expect(403)).body.code).toBe('ACCOUNT_NOT_VERIFIED');
    const sold = await createAuction(t, seller, { startingPrice: 20, status: AuctionStatus.Sold });
    expect((await setMax(sold.id, a, 40).expect(409)).body.code).toBe('AUCTION_NOT_OPEN');
    const ended = await createAuction(t, seller, { startingPrice: 20, endsInSeconds: -5, schedule: false });
    expect((await setMax(ended.id, a, 40).expect(409)).body.code).toBe('AUCTION_ENDED');
    await t.http().put(`/api/auctions/${auction.id}/max-bid`).send({ amount: 40 }).expect(401);
    expect(await storedBids(t, auction.id)).toEqual([]);
  });

  it('withdrawal: allowed while the maximum does not hold the price, refused while it does', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, a, 50).expect(200);
    await setMax(auction.id, b, 30).expect(200);
    const held = await withdraw(auction.id, a).expect(409);
    expect(held.body.code).toBe('MAX_BID_HOLDS_PRICE');
    expect((await getMax(auction.id, a).expect(200)).body.maxBid).toMatchObject({ amount: 50 });

    const gone = await withdraw(auction.id, b).expect(200);
    expect(gone.body).toMatchObject({ success: true, maxBid: null, leading: false, auction: { currentPrice: 31 } });
    expect((await getMax(auction.id, b).expect(200)).body).toEqual({ success: true, maxBid: null });
    // Withdrawing again changes nothing.
    await withdraw(auction.id, b).expect(200);
    // Without b's maximum, a manual bid by c is answered by a alone.
    await bid(auction.id, c, 40).expect(200);
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(41_000);
  });

  it('raising one’s own maximum while leading is silent: no bid, no broadcast, no extension', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20, endsInSeconds: 20 });
    const watcher = await connectSocket(t.url);
    try {
      await joinAuction(watcher, auction.id);
      const opened = nextEvent(watcher, 'new_bid');
      await setMax(auction.id, a, 50).expect(200);
      await opened;
      const before = await reloadAuction(t, auction.id);
      const heard: { event: string; price?: number }[] = [];
      watcher.onAny((event, payload) => heard.push({ event, price: payload?.auction?.currentPrice }));
      const raised = await setMax(auction.id, a, 70).expect(200);
      expect(raised.body).toMatchObject({ leading: true, maxBid: { amount: 70 }, auction: { currentPrice: 21 } });
      const after = await reloadAuction(t, auction.id);
      expect(after.endTime.getTime()).toBe(before.endTime.getTime());
      expect(after.bidCount).toBe(1);
      // Everything the watcher hears from now on comes from the following manual bid (answered
      // automatically at 61), nothing from the raise.
      const answered = nextEvent(watcher, 'new_bid', (p) => p.auction.currentPrice === 61);
      await bid(auction.id, b, 60).expect(200);
      await answered;
      expect(heard.length).toBeGreaterThan(0);
      for (const h of heard) expect(h).toEqual({ event: 'new_bid', price: 61 });
    } finally {
      watcher.disconnect();
    }
  });

  it('the bid statement refuses a batch judged before a maximum changed, even a silent raise', async () => {
    // What keeps the rules when the Redis lock is lost: a batch judged without a maximum set
    // meanwhile (here: a raise that moved no price) matches nothing, and the engine judges again.
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, a, 50).expect(200);
    await setMax(auction.id, a, 70).expect(200);
    const store = t.app.get(AuctionStore);
    const manual = [{ bidderId: b.user.id, amountFils: 60_000 }];
    expect(await store.applyBidBatch(auction.id, 21_000, manual, undefined, { version: 1, changes: [] })).toBeNull();
    expect(await storedBids(t, auction.id)).toHaveLength(1);
    expect(
      await store.applyBidBatch(auction.id, 21_000, manual, undefined, { version: 2, changes: [] }),
    ).not.toBeNull();
  });

  it('an automatic answer is a real bid: it extends the end as a manual one does', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20, endsInSeconds: 10 });
    await setMax(auction.id, a, 50).expect(200);
    await bid(auction.id, b, 30).expect(200);
    const rows: { created_at: Date }[] = await t.app
      .get(DataSource)
      .query(`SELECT created_at FROM bids WHERE auction_id = $1 AND is_automatic ORDER BY seq DESC LIMIT 1`, [
        auction.id,
      ]);
    const end = (await reloadAuction(t, auction.id)).endTime.getTime();
    // The extension counts from the statement's transaction start (now()), the row's time is
    // clock_timestamp(), a little later (milliseconds on a loaded machine): the end was 10 s
    // away, so only the automatic bid's extension puts it near a minute after that bid.
    const extendedTo = rows[0].created_at.getTime() + 60_000;
    expect(end).toBeGreaterThan(extendedTo - 1_000);
    expect(end).toBeLessThanOrEqual(extendedTo);
  });

  it('automatic bids do not count against their owner’s bid rate (R-BID-RATE)', async () => {
    const owner = await createUser(t, { name: 'صاحب حد كبير' });
    const rivals = await Promise.all([1, 2, 3].map((i) => createUser(t, { name: `منافس ${i}` })));
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, owner, 99_000).expect(200);
    // 63 manual bids, each answered automatically: more than the 60 bids a minute a member may place.
    let price = (await reloadAuction(t, auction.id)).currentPriceFils;
    for (let i = 0; i < 63; i++) {
      const res = await bid(auction.id, rivals[i % 3], (price + 1) / 1000).expect(200);
      price = Math.round(res.body.auction.currentPrice * 1000);
    }
    const automatic = (await storedBidsWithMarks(auction.id)).filter(
      (x) => x.automatic && x.bidderId === owner.user.id,
    );
    expect(automatic).toHaveLength(64);
    // The owner's own manual bid is still accepted: only setting the maximum counted.
    await bid(auction.id, owner, price / 1000 + 1).expect(200);
  });

  it('setting a maximum with an Idempotency-Key is applied once', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    const first = await setMax(auction.id, a, 50, 'max-key-1').expect(200);
    const again = await setMax(auction.id, a, 50, 'max-key-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await storedBids(t, auction.id)).toHaveLength(1);
    expect((await setMax(auction.id, a, 60, 'max-key-1').expect(409)).body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('a member removed by an operator loses their maximums: no automatic bid is placed for them', async () => {
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, removed, 50).expect(200);
    await t.http().delete(`/api/admin/users/${removed.user.id}`).set(admin.auth).expect(200);
    const [{ count }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS count FROM max_bids WHERE user_id = $1`, [removed.user.id]);
    expect(count).toBe(0);
    await bid(auction.id, b, 30).expect(200);
    expect((await history(auction.id)).slice(-1)).toEqual([[b.user.id, 30_000, false]]);
  });

  it('never reveals a maximum to anyone but its owner: every answer and socket message scanned', async () => {
    // A distinctive maximum no price will reach: 77.777 JOD.
    const secret = 77.777;
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const sockets: Socket[] = await Promise.all([b, c, seller].map((m) => connectSocket(t.url, m.token)));
    const heard: unknown[][] = [];
    try {
      for (const s of sockets) {
        await joinAuction(s, auction.id);
        const seen: unknown[] = [];
        s.onAny((event, ...args) => seen.push({ event, args }));
        heard.push(seen);
      }
      const own = await setMax(auction.id, a, secret).expect(200);
      expect(own.body.maxBid.amount).toBe(secret);
      const answers: unknown[] = [];
      for (const amount of [25, 40, 60]) answers.push((await bid(auction.id, b, amount).expect(200)).body);
      answers.push((await bid(auction.id, c, 70).expect(200)).body);
      const bidderRefused = await bid(auction.id, b, 70);
      answers.push(bidderRefused.body);
      answers.push((await setMax(auction.id, b, 75).expect(200)).body);
      for (const who of [b, c, seller])
        for (const url of [
          `/api/auctions/${auction.id}`,
          `/api/auctions/${auction.id}/max-bid`,
          `/api/auctions?limit=50`,
          `/api/auctions/user/${a.user.id}/bids`,
          `/api/auctions/user/${seller.user.id}`,
        ])
          answers.push((await t.http().get(url).set(who.auth)).body);
      answers.push((await t.http().get(`/api/admin/auctions?limit=50`).set(admin.auth)).body);
      answers.push((await withdraw(auction.id, a)).body);
      // Every socket heard the last broadcast: the price is now 76 (b's maximum of 75 answered).
      await eventually(async () => heard.every((seen) => JSON.stringify(seen).includes('"currentPrice":76')));
      expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(76_000);
      const text = JSON.stringify([answers, heard]);
      expect(heard.every((seen) => seen.length > 0)).toBe(true);
      expect(text).not.toContain('77.777');
      expect(text).not.toContain('77777');
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

describe('a maximum in the logs', () => {
  const cluster = new ProcessCluster();
  beforeAll(() => cluster.open());
  afterAll(() => cluster.close());

  it('never appears in any line a server logs, even at trace level (R-MAX-BID)', async () => {
    // The whole output of a process logging everything: requests, refusals, the engine.
    const server = await cluster.start({ LOG_LEVEL: 'trace' }, { outputKept: Infinity });
    const seller = await cluster.member('بائع');
    const [owner, rival] = await Promise.all([cluster.member('صاحب الحد'), cluster.member('منافس')]);
    const id = await cluster.auction(seller.id, 3600, { buyNowFils: 500_000 });
    const call = (method: string, path: string, who: { headers: Record<string, string> }, body?: unknown) =>
      fetch(`${server.url}/api/auctions/${id}${path}`, {
        method,
        headers: who.headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A distinctive maximum (77.777 JOD), answered automatically, refused, changed and withdrawn.
    expect((await call('PUT', '/max-bid', owner, { amount: 77.777 })).status).toBe(200);
    for (const amount of [20, 40]) expect((await call('POST', '/bid', rival, { amount })).status).toBe(200);
    expect((await call('POST', '/bid', rival, { amount: 30 })).status).toBe(400);
    expect((await call('PUT', '/max-bid', rival, { amount: 77.777 })).status).toBe(200);
    expect((await call('PUT', '/max-bid', owner, { amount: 600 })).status).toBe(409);
    expect((await call('GET', '/max-bid', owner)).status).toBe(200);
    await call('DELETE', '/max-bid', owner);
    await cluster.stopAll();
    const logged = server.output();
    // The engine ran (each automatic answer is logged as a request's work), and no line holds the secret.
    expect(logged).toContain(id);
    expect(logged).not.toContain('77.777');
    expect(logged).not.toContain('77777');
    expect(logged).not.toMatch(/"amount":\s*600\b/);
  }, 90_000);
});
