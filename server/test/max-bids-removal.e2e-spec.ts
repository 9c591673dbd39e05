import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { connectSocket, joinAuction } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-MAX-BID-REMOVAL (docs/adr/0014-removal-reprices.md) on real PostgreSQL and Redis: a member
 * removed by an operator loses their maximums, the automatic bids placed for them are cancelled
 * and the price and leader become what the remaining bids and maximums give. Prices stay between
 * 10 and 100 JOD, where the step is 1 JOD.
 */
describe('a removed member’s maximums and the recomputed price', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;
  let seller: TestUser;
  let a: TestUser;
  let b: TestUser;
  let c: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    seller = await createUser(t, { name: 'بائع' });
    [a, b, c] = await Promise.all(['أحمد', 'بشرى', 'كريم'].map((name) => createUser(t, { name })));
  });
  afterAll(() => t.close());

  const setMax = (auctionId: string, who: TestUser, amount: number) =>
    t.http().put(`/api/auctions/${auctionId}/max-bid`).set(who.auth).send({ amount }).expect(200);
  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount });
  const remove = (who: TestUser) => t.http().delete(`/api/admin/users/${who.user.id}`).set(admin.auth).expect(200);

  /** The bids in order: [bidder, amount, automatic, cancelled]. */
  async function history(auctionId: string) {
    const rows: { bidder_id: string; amount_fils: string; is_automatic: boolean; is_cancelled: boolean }[] =
      await db.query(
        `SELECT bidder_id, amount_fils, is_automatic, is_cancelled FROM bids WHERE auction_id = $1 ORDER BY seq`,
        [auctionId],
      );
    return rows.map((r) => [r.bidder_id, Number(r.amount_fils), r.is_automatic, r.is_cancelled] as const);
  }
  const maxBidsOf = async (who: TestUser) =>
    (await db.query(`SELECT count(*)::int AS n FROM max_bids WHERE user_id = $1`, [who.user.id]))[0].n;

  it('removed leader with a maximum: their automatic bids are cancelled, the remaining maximum answers the highest remaining bid, watchers hear it', async () => {
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await bid(auction.id, c, 30).expect(200);
    await setMax(auction.id, removed, 80); // leads at 31
    await setMax(auction.id, a, 60); // answered by the removed member at 61
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(61_000);

    const watcher: Socket = await connectSocket(t.url, b.token);
    try {
      await joinAuction(watcher, auction.id);
      const heard: unknown[] = [];
      watcher.onAny((event, ...args) => heard.push({ event, args }));
      await remove(removed);

      // Without the removed member: c's 30 is the highest bid, and a's maximum of 60 answers it at 31.
      expect(await history(auction.id)).toEqual([
        [c.user.id, 30_000, false, false],
        [removed.user.id, 31_000, true, true],
        [removed.user.id, 61_000, true, true],
        [a.user.id, 31_000, true, false],
      ]);
      // Every bid placed stays counted, the cancelled ones too (the count only grows: clients order by it).
      expect(await reloadAuction(t, auction.id)).toMatchObject({ currentPriceFils: 31_000, bidCount: 4 });
      expect(await maxBidsOf(removed)).toBe(0);
      const page = await t.http().get(`/api/auctions/${auction.id}`).expect(200);
      expect(page.body.auction ?? page.body).toMatchObject({ currentPrice: 31 });
      await eventually(async () => JSON.stringify(heard).includes('"currentPrice":31'));
      expect(JSON.stringify(heard)).toContain('auction_updated');
      // The engine goes on from there without them: c's 40 is answered by a at 41.
      await bid(auction.id, c, 40).expect(200);
      expect((await history(auction.id)).slice(-2)).toEqual([
        [c.user.id, 40_000, false, false],
        [a.user.id, 41_000, true, false],
      ]);
    } finally {
      watcher.disconnect();
    }
  });

  it('removed leader alone: with no other bid the price returns to the starting price and nobody leads', async () => {
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, removed, 50); // leads at 21
    await remove(removed);
    expect(await reloadAuction(t, auction.id)).toMatchObject({ currentPriceFils: 20_000, bidCount: 1 });
    // The starting price takes bids again.
    await bid(auction.id, b, 21).expect(200);
  });

  it('removed non-leader: the price and leader stay, their maximum and automatic bid are gone', async () => {
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await setMax(auction.id, removed, 40); // 21
    await setMax(auction.id, a, 60); // a at 41
    await remove(removed);
    expect(await history(auction.id)).toEqual([
      [removed.user.id, 21_000, true, true],
      [a.user.id, 41_000, true, false],
    ]);
    expect(await reloadAuction(t, auction.id)).toMatchObject({ currentPriceFils: 41_000, bidCount: 2 });
    expect(await maxBidsOf(removed)).toBe(0);
    await bid(auction.id, c, 50).expect(200);
    expect((await history(auction.id)).slice(-1)).toEqual([[a.user.id, 51_000, true, false]]);
  });

  it('a removed member’s manual bids stand (ADR 0006): only what the engine placed for them goes', async () => {
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 20 });
    await bid(auction.id, removed, 30).expect(200);
    await setMax(auction.id, removed, 70); // silent: they already lead
    await bid(auction.id, c, 40).expect(200); // answered at 41 for the removed member
    await remove(removed);
    // c's 40 is the highest remaining bid (the removed member's manual 30 is lower).
    expect(await reloadAuction(t, auction.id)).toMatchObject({ currentPriceFils: 40_000, bidCount: 3 });
    expect((await history(auction.id)).filter(([, , , cancelled]) => !cancelled)).toEqual([
      [removed.user.id, 30_000, false, false],
      [c.user.id, 40_000, false, false],
    ]);
  });

  it('racing bids during the removal keep the invariants: prices rise in order, the price is the last standing bid, no maximum exceeded', async () => {
    const removed = await createUser(t, { name: 'سيحذف' });
    const auction = await createAuction(t, seller, { startingPrice: 10 });
    await setMax(auction.id, a, 60);
    await setMax(auction.id, removed, 90); // removed at 61
    const amounts = [62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73];
    const results = await Promise.all([
      remove(removed),
      ...amounts.map((amount, i) => bid(auction.id, i % 2 ? b : c, amount)),
    ]);
    for (const r of results.slice(1)) expect([200, 400, 409]).toContain(r.status);

    const bids = await history(auction.id);
    const standing = bids.filter(([, , , cancelled]) => !cancelled);
    // Strictly rising, the price is the last standing bid; every bid placed is counted.
    standing.forEach(([, amount], i) => i > 0 && expect(amount).toBeGreaterThan(standing[i - 1][1]));
    const row = await reloadAuction(t, auction.id);
    expect(row.currentPriceFils).toBe(standing[standing.length - 1][1]);
    expect(row.bidCount).toBe(bids.length);
    // No automatic bid of the removed member stands; no automatic bid above its owner's maximum.
    expect(standing.some(([who, , automatic]) => who === removed.user.id && automatic)).toBe(false);
    expect(standing.filter(([who]) => who === a.user.id).every(([, amount]) => amount <= 60_000)).toBe(true);
    expect(await maxBidsOf(removed)).toBe(0);
    // And a bid after it all is judged without the removed member.
    const next = row.currentPriceFils / 1000 + 1;
    await bid(auction.id, b, next).expect(200);
    expect((await history(auction.id)).slice(-1)[0][0]).toBe(b.user.id);
  });
});
