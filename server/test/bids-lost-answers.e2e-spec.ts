import { randomUUID } from 'node:crypto';
import {
  memberIdempotencyKeys,
  PENDING_LEASE_SECONDS,
  WAIT_FOR_TWIN_MS,
} from '../src/infrastructure/idempotency/idempotency.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { createAuction, storedBids } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * R-IDEMPOTENCY, found by the chaos run (docs/reliability.md): a bid whose answer never reached its client (the replica died after the
 * commit, Redis was flushed or restarted) is retried with the same Idempotency-Key. The retry
 * must get the stored bid, never "too low" for the client's own bid nor a day-long refusal.
 */
describe('bids: retries after a lost answer', () => {
  let t: TestApp;
  let redis: RedisService;

  beforeAll(async () => {
    t = await startTestApp();
    redis = t.app.get(RedisService);
  });
  afterAll(() => t.close());

  /** What a FLUSHDB or a Redis restart does to one member's idempotency records. */
  async function forgetKeys(userId: string) {
    const keys = await redis.client.keys(memberIdempotencyKeys(redis, userId).records);
    if (keys.length) await redis.client.del(...keys);
    return keys.length;
  }

  it('answers the retry of a committed bid with that bid once Redis has forgotten the key', async () => {
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = `bid-${randomUUID()}`;
    const bid = (amount: number) =>
      t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).set('Idempotency-Key', key).send({ amount });

    const first = await bid(150).expect(200);
    expect(await forgetKeys(bidder.user.id)).toBe(1);

    const retry = await bid(150).expect(200);
    expect(retry.body.bid.id).toBe(first.body.bid.id);
    expect(retry.body.auction.currentPrice).toBe(150);
    expect(await storedBids(t, a.id)).toHaveLength(1);

    // The same key for another amount is a conflict, not a second bid.
    await forgetKeys(bidder.user.id);
    expect((await bid(200).expect(409)).body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await storedBids(t, a.id)).toHaveLength(1);
  });

  it('answers it even after others outbid it', async () => {
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const rival = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const key = `bid-${randomUUID()}`;
    const mine = () =>
      t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).set('Idempotency-Key', key).send({ amount: 150 });
    const first = await mine().expect(200);
    await t.http().post(`/api/auctions/${a.id}/bid`).set(rival.auth).send({ amount: 300 }).expect(200);
    await forgetKeys(bidder.user.id);

    expect((await mine().expect(200)).body.bid.id).toBe(first.body.bid.id);
    // A bid without a key is judged as a new one: refused, as before.
    const unkeyed = await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: 150 });
    expect(unkeyed.body.code).toBe('BID_TOO_LOW');
    expect(await storedBids(t, a.id)).toHaveLength(2);
  });

  it("claims a key for a lease only, so a dead replica's claim does not block the retry for a day", async () => {
    expect(WAIT_FOR_TWIN_MS).toBeGreaterThan(PENDING_LEASE_SECONDS * 1000);
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    // The claim is one script (the key with its lease, and the member's key index).
    const claims = jest.spyOn(redis.client, 'eval');
    try {
      await t
        .http()
        .post(`/api/auctions/${a.id}/bid`)
        .set(bidder.auth)
        .set('Idempotency-Key', `lease-${randomUUID()}`)
        .send({ amount: 150 })
        .expect(200);
      const claim = claims.mock.calls.find((args) => String(args[2]).includes(':idem:'));
      expect(claim).toBeDefined();
      const [recordKey, , pending, leaseSeconds] = claim!.slice(2);
      expect(JSON.parse(String(pending))).toMatchObject({ state: 'pending' });
      expect(leaseSeconds).toBe(PENDING_LEASE_SECONDS);
      // Once answered, the record itself lives 24 h.
      expect(await redis.client.ttl(String(recordKey))).toBeGreaterThan(PENDING_LEASE_SECONDS);
    } finally {
      claims.mockRestore();
    }
  });
});
