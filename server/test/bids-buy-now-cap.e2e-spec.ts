import { randomUUID } from 'node:crypto';
import { ERRORS } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction, storedBids } from './support/auctions';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-BID-BUY-NOW-CAP on real PostgreSQL and Redis: a manual bid at or above a buy-now price still
 * on offer is refused with BID_AT_BUY_NOW (409, the Arabic offer to buy now) over HTTP and the
 * socket alike, also inside a batch of other bids; nothing of it is written, the purchase stays
 * possible; once bidding reached the buy-now price (an auction from before the rule) bids are
 * judged as any other.
 */
describe('a bid at the buy-now price is refused with the offer to buy now', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let bidders: TestUser[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    seller = await createUser(t, { name: 'البائع' });
    bidders = await Promise.all(['أمل', 'بلال', 'جود', 'دانة'].map((name) => createUser(t, { name })));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const httpBid = (id: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${id}/bid`).set(who.auth).set('Idempotency-Key', randomUUID()).send({ amount });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- acknowledgements are read loosely, as HTTP bodies are
  const socketBid = async (id: string, who: TestUser, amount: number): Promise<any> => {
    const socket = await connectSocket(t.url, who.token);
    sockets.push(socket);
    return socket.timeout(10_000).emitWithAck('place_bid', { auctionId: id, amount, idempotencyKey: randomUUID() });
  };
  const refusal = {
    statusCode: 409,
    code: 'BID_AT_BUY_NOW',
    message: ERRORS.BID_AT_BUY_NOW.message,
    error: ERRORS.BID_AT_BUY_NOW.message,
  };

  it('HTTP: at and above the buy-now price refused (409 with the offer), one fils below accepted; the purchase still open', async () => {
    const a = await createAuction(t, seller, { startingPrice: 1200, buyNowPrice: 2000 });
    const [amal, bilal] = bidders;
    // The typo of the issue: 12000 for 1210.
    for (const amount of [12_000, 2000]) {
      const res = await httpBid(a.id, amal, amount).expect(409);
      expect(res.body).toEqual(refusal);
    }
    expect(refusal.message).toContain('اشترِ الآن');
    expect(await storedBids(t, a.id)).toEqual([]);
    await httpBid(a.id, amal, 1999.999).expect(200);
    const buy = await t.http().post(`/api/auctions/${a.id}/buy-now`).set(bilal.auth).send({ expectedPrice: 2000 });
    expect(buy.status).toBe(200);
  });

  it('the socket answers the same refusal body as HTTP', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 150 });
    const http = await httpBid(a.id, bidders[0], 150);
    const ack = await socketBid(a.id, bidders[1], 151);
    expect(http.status).toBe(409);
    expect(ack).toEqual(http.body);
    expect(ack).toEqual(refusal);
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(100_000);
  });

  it('in one batch with other bids (parallel, both transports): only those reaching the buy-now price are refused, nothing of them stored', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 500 });
    // 40 bids at once: rising amounts below 500, with a buy-now-reaching one every fourth.
    const amounts = Array.from({ length: 40 }, (_, i) => (i % 4 === 3 ? 500 + i * 100 : 101 + i * 5));
    const answers = await Promise.all(
      amounts.map(async (amount, i) => {
        const who = bidders[i % bidders.length];
        if (i % 2) return { amount, body: await socketBid(a.id, who, amount) };
        const res = await httpBid(a.id, who, amount);
        return { amount, body: res.status === 200 ? res.body : { ...res.body, statusCode: res.status } };
      }),
    );
    for (const { amount, body } of answers) {
      if (amount >= 500) expect(body).toEqual(refusal);
      else expect(body.code ?? 'accepted').toMatch(/^(accepted|BID_TOO_LOW)$/);
    }
    const stored = await storedBids(t, a.id);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((b) => b.amountFils < 500_000)).toBe(true);
    expect(stored.length).toBe(answers.filter((x) => x.body.success === true).length);
    const row = await reloadAuction(t, a.id);
    expect(row.currentPriceFils).toBe(Math.max(...stored.map((b) => b.amountFils)));
    expect(row.currentPriceFils).toBeLessThan(500_000);
  });

  it('a maximum’s answers never count as a manual bid at the price: a bid below it is answered, one at it refused', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10, buyNowPrice: 90 });
    const [amal, bilal] = bidders;
    await t.http().put(`/api/auctions/${a.id}/max-bid`).set(amal.auth).send({ amount: 80 }).expect(200);
    await httpBid(a.id, bilal, 60).expect(200); // answered by amal's maximum at 61
    expect((await httpBid(a.id, bilal, 90)).body.code).toBe('BID_AT_BUY_NOW');
    expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(61_000);
  });

  it('once bidding reached the buy-now price (before the rule), no purchase is on offer and bids are judged as others', async () => {
    const a = await createAuction(t, seller, { startingPrice: 1200, buyNowPrice: 2000 });
    await db.query(`UPDATE auctions SET current_price_fils = 12000000, bid_count = 1 WHERE id = $1`, [a.id]);
    await httpBid(a.id, bidders[2], 12_010).expect(200);
  });
});
