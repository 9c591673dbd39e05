import { LIMITS } from '@mazad/contracts';
import { createAuction, reloadAuction, storedBids } from '../support/auctions';
import { soldByBuyNow } from '../support/sales';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/** R-MONEY-FILS (docs/security.md, "Amounts and prices"): bids have the creation cap, and money sums stay exact. */
describe('security: bid amounts are capped and revenue is exact', () => {
  let t: TestApp;
  let seller: TestUser;
  let bidder: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t);
    bidder = await createUser(t);
  });
  afterAll(() => t.close());

  it('refuses a bid above the maximum price (parallel flood included) and leaves the auction as it was', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const answers = await Promise.all(
      [Number('9007199254740.991'), LIMITS.maxPriceJod + 0.001, 1e15, LIMITS.maxPriceJod * 2].map((amount) =>
        t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.errors[0].message).toContain('amount');
    }
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(100_000);
    expect(await storedBids(t, a.id)).toEqual([]);

    // The cap itself is a valid bid, and the auction keeps taking bids (it is not frozen).
    await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: LIMITS.maxPriceJod }).expect(200);
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(LIMITS.maxPriceJod * 1000);
  });

  it('adds sales at the top of the range exactly in the admin revenue and the daily stats', async () => {
    const buyer = await createUser(t);
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const before = await t.http().get('/api/admin/stats').set(admin.auth).expect(200);
    const prices = [99_999_999.999, 99_999_999.999, 0.001 + 1, 12_345.678];
    for (const price of prices) await soldByBuyNow(t, seller, buyer, { startingPrice: 1, buyNowPrice: price });
    const after = await t.http().get('/api/admin/stats').set(admin.auth).expect(200);
    const addedFils = prices.reduce((sum, p) => sum + Math.round(p * 1000), 0);
    expect(Math.round((after.body.totalRevenue - before.body.totalRevenue) * 1000)).toBe(addedFils);
    expect(String(after.body.totalRevenue)).toMatch(/^\d+(\.\d{1,3})?$/);
    const days = (await t.http().get('/api/admin/stats/daily?days=1').set(admin.auth).expect(200)).body.days as {
      revenue: number;
    }[];
    expect(Math.round(days.at(-1)!.revenue * 1000)).toBeGreaterThanOrEqual(addedFils);
    expect(String(days.at(-1)!.revenue)).toMatch(/^\d+(\.\d{1,3})?$/);
  });
});
