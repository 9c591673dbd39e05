import { DataSource } from 'typeorm';
import { createAuction, eventually, reloadAuction, StoredBid, storedBids } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * The invariants of the bid path under real parallel requests (real PostgreSQL and Redis):
 * the final price is the highest accepted bid, every accepted bid is stored exactly once,
 * accepted amounts strictly increase in acceptance order, nothing is accepted after the end,
 * and an auction has at most one winner.
 */
describe('bidding under concurrency', () => {
  let t: TestApp;
  let seller: TestUser;
  let members: TestUser[];

  beforeAll(async () => {
    t = await startTestApp({ BID_EXTENSION: '1s' });
    seller = await createUser(t, { name: 'بائع' });
    members = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t, { name: `عضو ${i + 1}` })));
  });
  afterAll(() => t.close());

  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).send({ amount });
  const buyNow = (auctionId: string, who: TestUser) =>
    t.http().post(`/api/auctions/${auctionId}/buy-now`).set(who.auth);

  function expectStrictlyIncreasing(bids: StoredBid[]) {
    for (let i = 1; i < bids.length; i++) expect(bids[i].amountFils).toBeGreaterThan(bids[i - 1].amountFils);
  }

  it('200 simultaneous bids from 20 members keep every invariant', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    // Amounts overlap on purpose (duplicates and lower bids race higher ones).
    const plan = Array.from({ length: 200 }, (_, i) => ({
      who: members[i % 20],
      amount: 100 + 1 + Math.floor(Math.random() * 150) + (Math.random() < 0.5 ? 0.5 : 0),
    }));
    const responses = await Promise.all(plan.map((p) => bid(auction.id, p.who, p.amount)));

    const accepted = responses.filter((r) => r.status === 200);
    const rejected = responses.filter((r) => r.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of rejected) expect([400]).toContain(r.status);
    for (const r of rejected) expect(r.body.code).toBe('BID_TOO_LOW');

    const stored = await storedBids(t, auction.id);
    // Every accepted bid stored exactly once, nothing else stored.
    expect(stored).toHaveLength(accepted.length);
    expect(new Set(stored.map((b) => b.id))).toEqual(new Set(accepted.map((r) => r.body.bid.id)));
    expectStrictlyIncreasing(stored);
    const final = await reloadAuction(t, auction.id);
    expect(final.currentPriceFils).toBe(Math.max(...stored.map((b) => b.amountFils)));
    expect(final.bidCount).toBe(stored.length);
    // The highest offered amount is always accepted: nothing could beat it.
    expect(final.currentPriceFils).toBe(Math.round(Math.max(...plan.map((p) => p.amount)) * 1000));
  });

  it('two simultaneous buy-nows have exactly one winner', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 300 });
    const [a, b] = await Promise.all([buyNow(auction.id, members[0]), buyNow(auction.id, members[1])]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('AUCTION_NOT_OPEN');
    const winner = a.status === 200 ? members[0] : members[1];
    const final = await reloadAuction(t, auction.id);
    expect(final).toMatchObject({ status: 'مباع', winnerId: winner.user.id, currentPriceFils: 300_000 });
  });

  it('bids racing a buy-now: either the buy-now wins and every earlier bid is cancelled, or bids passed its price', async () => {
    for (let round = 0; round < 3; round++) {
      const auction = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 150 });
      const bids = Array.from({ length: 40 }, (_, i) => bid(auction.id, members[i % 19], 100 + (i + 1) * 0.5 + round));
      const buyer = members[19];
      const [buy, ...bidResponses] = await Promise.all([buyNow(auction.id, buyer), ...bids]);
      const final = await reloadAuction(t, auction.id);
      const stored = await storedBids(t, auction.id);
      expectStrictlyIncreasing(stored);
      expect(stored).toHaveLength(bidResponses.filter((r) => r.status === 200).length);
      if (buy.status === 200) {
        expect(final).toMatchObject({ status: 'مباع', winnerId: buyer.user.id, currentPriceFils: 150_000 });
        // Bids accepted before the buy-now were cancelled by it; none can be accepted after it.
        expect(stored.every((b) => b.isCancelled)).toBe(true);
      } else {
        expect(buy.body.code).toBe('BUY_NOW_PRICE_REACHED');
        expect(final.status).toBe('نشط');
        expect(final.currentPriceFils).toBeGreaterThanOrEqual(150_000);
        expect(stored.some((b) => b.isCancelled)).toBe(false);
      }
    }
  });

  it('bids racing the end: nothing is accepted after the auction ended, and it ends exactly once', async () => {
    // BID_EXTENSION is 1 s here: bidders pause up to 4 s, so a quiet second soon lets the
    // end job close the auction while other bids are in flight.
    const auction = await createAuction(t, seller, { startingPrice: 100, endsInSeconds: 1 });
    const responses: { status: number }[] = [];
    let amount = 100;
    let closed = false;
    const deadline = Date.now() + 25_000;
    await Promise.all(
      members.slice(0, 3).map(async (m) => {
        while (!closed && Date.now() < deadline) {
          amount += 1;
          const res = await bid(auction.id, m, amount);
          responses.push(res);
          if (res.status === 409) closed = true;
          else await new Promise((r) => setTimeout(r, Math.random() * 4000));
        }
      }),
    );
    const ended = await eventually(async () => {
      const a = await reloadAuction(t, auction.id);
      return a.status !== 'نشط' && a;
    }, 20_000);
    const stored = await storedBids(t, auction.id);
    expect(stored.length).toBe(responses.filter((r) => r.status === 200).length);
    expectStrictlyIncreasing(stored);
    for (const b of stored) expect(b.createdAt.getTime()).toBeLessThanOrEqual(ended.endedAt!.getTime());
    expect(ended.status).toBe('مباع');
    const top = stored[stored.length - 1];
    expect(ended.winnerId).toBe(top.bidderId);
    expect(ended.currentPriceFils).toBe(top.amountFils);
    const late = responses.filter((r) => r.status === 409);
    expect(late.length).toBeGreaterThan(0);
    const [{ count }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS count FROM bids WHERE auction_id = $1 AND created_at > $2`, [
        auction.id,
        ended.endedAt,
      ]);
    expect(count).toBe(0);
  });
});
