import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction, storedBids } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

describe('bidding and buy-now rules', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'سامي البائع' });
    alice = await createUser(t, { name: 'أليس أحمد' });
    bob = await createUser(t, { name: 'باسم علي' });
  });
  afterAll(() => t.close());

  const bid = (id: string, who: TestUser | null, body: object) => {
    const req = t.http().post(`/api/auctions/${id}/bid`).send(body);
    return who ? req.set(who.auth) : req;
  };

  it('accepts a higher bid, answers with the updated auction and stores the amount in fils', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const res = await bid(a.id, alice, { amount: 100.5 }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.auction).toMatchObject({ _id: a.id, currentPrice: 100.5, bidCount: 1, watchedByMe: true });
    expect(res.body.auction.bids.at(-1)).toMatchObject({
      amount: 100.5,
      bidder: { _id: alice.user.id, name: 'أليس أحمد' },
    });
    expect(res.body.bid).toMatchObject({ amount: 100.5, bidder: { name: 'أليس أحمد' } });
    expect((await storedBids(t, a.id))[0].amountFils).toBe(100_500);
  });

  it('refuses visitors (401) and unverified members (403)', async () => {
    const a = await createAuction(t, seller);
    await bid(a.id, null, { amount: 200 }).expect(401);
    const unverified = await createUser(t, { isVerified: false });
    const res = await bid(a.id, unverified, { amount: 200 }).expect(403);
    expect(res.body.code).toBe('ACCOUNT_NOT_VERIFIED');
  });

  it('never lets the seller bid on their own auction', async () => {
    const a = await createAuction(t, seller);
    const res = await bid(a.id, seller, { amount: 500 }).expect(403);
    expect(res.body).toMatchObject({ code: 'BID_OWN_AUCTION', message: 'لا يمكنك المزايدة على مزادك الخاص' });
  });

  it('requires an amount strictly above the current price', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const equal = await bid(a.id, alice, { amount: 100 }).expect(400);
    expect(equal.body).toMatchObject({ code: 'BID_TOO_LOW', message: 'يجب أن تكون المزايدة أعلى من السعر الحالي' });
    await bid(a.id, alice, { amount: 150 }).expect(200);
    const same = await bid(a.id, bob, { amount: 150 }).expect(400);
    expect(same.body.code).toBe('BID_TOO_LOW');
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(150_000);
  });

  it('validates the amount: number, positive, at most 3 decimals, no unknown fields', async () => {
    const a = await createAuction(t, seller);
    for (const body of [{}, { amount: 'abc' }, { amount: -5 }, { amount: 120.1234 }]) {
      const res = await bid(a.id, alice, body).expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain('amount');
    }
    const extra = await bid(a.id, alice, { amount: 120, price: 1 }).expect(400);
    expect(extra.body.code).toBe('UNKNOWN_FIELD');
  });

  it('answers 404 for a missing auction and 400 for a malformed id', async () => {
    await bid('7b0a4b4e-0000-4000-8000-000000000000', alice, { amount: 10 }).expect(404);
    const res = await bid('not-a-uuid', alice, { amount: 10 }).expect(400);
    expect(res.body.code).toBe('INVALID_ID');
  });

  it('refuses bids once the end has passed by the database clock, even before the end job ran', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: -1, schedule: false });
    const res = await bid(a.id, alice, { amount: 1000 }).expect(409);
    expect(res.body.code).toBe('AUCTION_ENDED');
  });

  it('refuses bids on a closed auction', async () => {
    const a = await createAuction(t, seller, { status: AuctionStatus.Unsold, schedule: false });
    expect((await bid(a.id, alice, { amount: 1000 }).expect(409)).body.code).toBe('AUCTION_NOT_OPEN');
  });

  it('extends the end to bid time + BID_EXTENSION (anti-sniping) and never shortens it', async () => {
    const soon = await createAuction(t, seller, { endsInSeconds: 10 });
    const before = Date.now();
    const res = await bid(soon.id, alice, { amount: 200 }).expect(200);
    const end = new Date(res.body.auction.endTime).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 89_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 91_000);

    const later = await createAuction(t, seller, { endsInSeconds: 3600 });
    const res2 = await bid(later.id, alice, { amount: 200 }).expect(200);
    expect(new Date(res2.body.auction.endTime).getTime()).toBe(later.endTime.getTime());
  });

  it('applies a repeated submission with the same Idempotency-Key once', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const first = await bid(a.id, alice, { amount: 11 }).set('Idempotency-Key', 'bid-key-1').expect(200);
    const again = await bid(a.id, alice, { amount: 11 }).set('Idempotency-Key', 'bid-key-1').expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.bid.id).toBe(first.body.bid.id);
    expect(await storedBids(t, a.id)).toHaveLength(1);
    const reused = await bid(a.id, alice, { amount: 12 }).set('Idempotency-Key', 'bid-key-1').expect(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('applies simultaneous twins with one Idempotency-Key once', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => bid(a.id, bob, { amount: 20 }).set('Idempotency-Key', 'twin-key')),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.bid.id)).size).toBe(1);
    expect(await storedBids(t, a.id)).toHaveLength(1);
  });

  describe('buy now', () => {
    const buy = (id: string, who: TestUser | null) => {
      const req = t.http().post(`/api/auctions/${id}/buy-now`);
      return who ? req.set(who.auth) : req;
    };

    it('makes the buyer the winner at the buy-now price, cancels every bid and ends the auction', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 500 });
      await bid(a.id, bob, { amount: 150 }).expect(200);
      const res = await buy(a.id, alice).expect(200);
      expect(res.body.auction).toMatchObject({
        status: 'مباع',
        currentPrice: 500,
        winner: { _id: alice.user.id, name: 'أليس أحمد' },
      });
      const stored = await reloadAuction(t, a.id);
      expect(stored.endedAt).not.toBeNull();
      expect(stored.endTime.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await storedBids(t, a.id)).every((b: { isCancelled: boolean }) => b.isCancelled)).toBe(true);
      expect((await bid(a.id, bob, { amount: 900 }).expect(409)).body.code).toBe('AUCTION_NOT_OPEN');
    });

    it('refuses the seller, visitors, auctions without a buy-now price and prices already past it', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 200 });
      expect((await buy(a.id, seller).expect(403)).body.code).toBe('BUY_NOW_OWN_AUCTION');
      await buy(a.id, null).expect(401);
      const none = await createAuction(t, seller, { buyNowPrice: null });
      expect((await buy(none.id, alice).expect(400)).body).toMatchObject({
        code: 'BUY_NOW_UNAVAILABLE',
        message: 'سعر الشراء الفوري غير متاح',
      });
      // A bid cannot pass the buy-now price (R-BID-BUY-NOW-CAP); an auction from before that rule can be past it.
      expect((await bid(a.id, bob, { amount: 250 }).expect(409)).body.code).toBe('BID_AT_BUY_NOW');
      await t.app.get(DataSource).query(`UPDATE auctions SET current_price_fils = 250000 WHERE id = $1`, [a.id]);
      expect((await buy(a.id, alice).expect(409)).body.code).toBe('BUY_NOW_PRICE_REACHED');
    });

    it('refuses an auction past its end', async () => {
      const a = await createAuction(t, seller, { buyNowPrice: 500, endsInSeconds: -1, schedule: false });
      expect((await buy(a.id, alice).expect(409)).body.code).toBe('AUCTION_ENDED');
    });
  });
});
