import { ERROR_MESSAGES } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction } from '../support/auctions';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/** R-BUY-NOW-EXPECTED-PRICE (docs/security.md, "Amounts and prices"): a buy-now happens only at the price the buyer saw. */
describe('security: buy-now carries the expected price', () => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t);
    buyer = await createUser(t);
  });
  afterAll(() => t.close());

  const buyNow = (id: string, body?: object) => {
    const req = t.http().post(`/api/auctions/${id}/buy-now`).set(buyer.auth);
    return body ? req.send(body) : req;
  };

  it("refuses a purchase when the seller's edit changed the price after the buyer saw it", async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 200 });
    const seen = (await t.http().get(`/api/auctions/${a.id}`).expect(200)).body.buyNowPrice as number;
    expect(seen).toBe(200);
    // The seller's edit (once, no bids) raises the buy-now price meanwhile.
    await t
      .http()
      .put(`/api/auctions/${a.id}`)
      .set(seller.auth)
      .send({
        title: 'مزاد معدّل',
        description: 'وصف بعد التعديل',
        category: 'إلكترونيات',
        auctionDuration: '24h',
        startingPrice: 100,
        buyNowPrice: 5000,
      })
      .expect(200);

    const res = await buyNow(a.id, { expectedPrice: seen }).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: 'BUY_NOW_PRICE_CHANGED',
      message: ERROR_MESSAGES.BUY_NOW_PRICE_CHANGED,
      error: ERROR_MESSAGES.BUY_NOW_PRICE_CHANGED,
    });
    const after = await reloadAuction(t, a.id);
    expect(after.status).toBe('نشط');
    expect(after.winnerId).toBeNull();

    await buyNow(a.id, { expectedPrice: 5000 }).expect(200);
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(5_000_000);
  });

  it('holds when the price changes while purchases are in flight (parallel requests, the database decides)', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 300 });
    const db = t.app.get(DataSource);
    const buyers = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const [, ...answers] = await Promise.all([
      db.query(`UPDATE auctions SET buy_now_price_fils = 900000 WHERE id = $1`, [a.id]),
      ...buyers.map((b) => t.http().post(`/api/auctions/${a.id}/buy-now`).set(b.auth).send({ expectedPrice: 300 })),
    ]);
    const sold = await reloadAuction(t, a.id);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(['BUY_NOW_PRICE_CHANGED', 'AUCTION_NOT_OPEN']).toContain(r.body.code);
    // Whoever won paid exactly the price they expected: never the new one without asking.
    if (ok.length) expect(sold.currentPriceFils).toBe(300_000);
    else expect(sold.winnerId).toBeNull();
  });

  it('validates expectedPrice and keeps old clients (no body) working', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 250 });
    // Text is read as typed (R-NUMBER-INPUT: "٢٥٠" is 250); "2,50" is no number, not a guess.
    for (const expectedPrice of ['2,50', 'مئتان', -1, 250.0001, '250.0001']) {
      expect((await buyNow(a.id, { expectedPrice }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    }
    await buyNow(a.id).expect(200);
  });
});
