import { randomUUID } from 'node:crypto';
import { RateLimitService } from '../../src/infrastructure/rate-limit/rate-limit.service';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { createAuction, storedBids } from '../support/auctions';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/** R-IDEMPOTENCY (docs/security.md, "Amounts and prices"): an Idempotency-Key remembers only final answers. */
describe('security: Idempotency-Key does not replay a 429', () => {
  let t: TestApp;

  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('answers 429 under the limit, then runs the same key again once the limit is lifted', async () => {
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const limits = t.app.get(RateLimitService);
    await limits.penalize('bids-member', bidder.user.id, RATE_LIMIT_POLICIES['bids-member'].points);

    const key = `bid-${randomUUID()}`;
    const bid = () =>
      t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).set('Idempotency-Key', key).send({ amount: 150 });
    // Parallel twins under the limit: every one is refused, none is remembered.
    const refused = await Promise.all([bid(), bid(), bid()]);
    for (const r of refused) expect(r.status).toBe(429);
    expect(refused[0].body.code).toBe('BID_RATE_LIMITED');

    await limits.reset('bids-member', bidder.user.id);
    const retried = await bid().expect(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await storedBids(t, a.id)).map((b) => b.amountFils)).toEqual([150_000]);

    // The success is final: it is replayed, not applied twice.
    const replay = await bid().expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await storedBids(t, a.id)).toHaveLength(1);
  });

  it('still remembers a final refusal (4xx other than 429)', async () => {
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = `low-${randomUUID()}`;
    const bid = () =>
      t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).set('Idempotency-Key', key).send({ amount: 50 });
    expect((await bid().expect(400)).body.code).toBe('BID_TOO_LOW');
    expect((await bid().expect(400)).headers['idempotent-replayed']).toBe('true');
  });
});
