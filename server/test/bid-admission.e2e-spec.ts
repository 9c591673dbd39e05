import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES, jodToFils } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { auctionLockKey } from '../src/bids/engine/auction-lock.service';
import { Metrics } from '../src/infrastructure/metrics';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { createAuction, reloadAuction, storedBids } from './support/auctions';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Admission control on the bid path (R-BID-BUSY, docs/reliability.md, "Overload"), on real PostgreSQL and
 * Redis: while an auction's queue cannot answer in time — here its Redis lock is held from the
 * test, as another replica would, so nothing drains — bids over HTTP and over the socket are
 * refused AUCTION_BUSY (503, Retry-After, `retryAfter` in the body; the same body on the
 * acknowledgement), nothing of them is written, and a retry with the same Idempotency-Key
 * once the overload passed is judged afresh, then replayed.
 */
describe('bid admission control', () => {
  const BUSY_BODY = {
    statusCode: 503,
    code: 'AUCTION_BUSY',
    message: ERROR_MESSAGES.AUCTION_BUSY,
    error: ERROR_MESSAGES.AUCTION_BUSY,
    retryAfter: 1,
  };
  let t: TestApp;
  let seller: TestUser;
  let members: TestUser[];
  let sockets: Socket[];

  beforeAll(async () => {
    t = await startTestApp({
      // A request still unjudged 1 s after it arrived is refused (and the queue waits no longer
      // for the lock); a new one is refused behind 5 queued (or on their way to the queue).
      // Roomy for a calm request on a loaded test machine; the event-loop check stays
      // off (test-app's default), as a loaded machine's lag is not this test's subject.
      BID_ANSWER_DEADLINE_MS: '1000',
      BID_QUEUE_MAX: '5',
    });
    seller = await createUser(t, { name: 'سامي البائع' });
    members = await Promise.all(Array.from({ length: 12 }, (_, i) => createUser(t, { name: `عضو ${i + 1}` })));
    sockets = await Promise.all(members.map((m) => connectSocket(t.url, m.token)));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const httpBid = (auctionId: string, who: TestUser, amount: number, key: string) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).set('Idempotency-Key', key).send({ amount });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  const socketBid = (who: TestUser, auctionId: string, amount: number, key: string): Promise<any> =>
    sockets[members.indexOf(who)].timeout(30_000).emitWithAck('place_bid', { auctionId, amount, idempotencyKey: key });

  /** Holds the auction's lock (the key AuctionLockService takes) until released, as a busy replica would. */
  async function holdLock(auctionId: string): Promise<() => Promise<void>> {
    const redis = t.app.get(RedisService);
    const key = auctionLockKey(redis, auctionId);
    expect(await redis.client.set(key, 'the-test', 'PX', 60_000, 'NX')).toBe('OK');
    return async () => void (await redis.client.del(key));
  }

  const admissionRefusals = async () =>
    ((await t.app.get(Metrics).bidAdmissionRefusals.get()).values ?? []).reduce((sum, v) => sum + v.value, 0);

  it('refuses at once over both transports while the queue cannot answer in time; the same keys succeed afterwards, then replay', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const refusalsBefore = await admissionRefusals();
    const release = await holdLock(auction.id);

    // Twelve members at once, half over HTTP, half over the socket, each with its key.
    const keys = members.map(() => randomUUID());
    const amountOf = (i: number) => 101 + i;
    const viaHttp = (i: number) => i % 2 === 0;
    const storm = members.map((m, i) =>
      viaHttp(i)
        ? httpBid(auction.id, m, amountOf(i), keys[i]).then((r) => ({
            status: r.status,
            body: r.body,
            header: r.headers['retry-after'],
          }))
        : socketBid(m, auction.id, amountOf(i), keys[i]).then((body) => ({
            status: body.statusCode,
            body,
            header: undefined,
          })),
    );
    // While the lock is held nothing drains: the first ones queue, and are refused unjudged once
    // the lock was not had within their deadline; the others are refused at once (the queue
    // is full). The lock is given back after every answer came.
    const answers = await Promise.all(storm);
    await release();

    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual(BUSY_BODY);
      if (viaHttp(i)) expect(answer.header).toBe('1');
    }
    expect((await admissionRefusals()) - refusalsBefore).toBe(members.length);
    // Nothing half-written: no bid, the price untouched.
    expect(await storedBids(t, auction.id)).toEqual([]);
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(jodToFils(100));

    // The overload passed: the same keys run again (AUCTION_BUSY is not kept for a key)…
    const first = members[0];
    const second = members[1];
    const retried = await httpBid(auction.id, first, amountOf(0), keys[0]);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ success: true, bid: { amount: amountOf(0) } });
    const retriedOverSocket = await socketBid(second, auction.id, amountOf(1), keys[1]);
    expect(retriedOverSocket).toMatchObject({ success: true, bid: { amount: amountOf(1) } });

    // …and a second retry of each replays its answer: the same bid, not a second one.
    const replayed = await httpBid(auction.id, first, amountOf(0), keys[0]);
    expect(replayed.status).toBe(200);
    expect(replayed.body.bid).toEqual(retried.body.bid);
    const replayedOverSocket = await socketBid(second, auction.id, amountOf(1), keys[1]);
    expect(replayedOverSocket.bid).toEqual(retriedOverSocket.bid);

    // Invariants: one stored bid per accepted answer, the price is the highest of them.
    const bids = await storedBids(t, auction.id);
    expect(bids.map((b) => [b.bidderId, b.amountFils])).toEqual([
      [first.user.id, jodToFils(amountOf(0))],
      [second.user.id, jodToFils(amountOf(1))],
    ]);
    expect((await reloadAuction(t, auction.id)).currentPriceFils).toBe(jodToFils(amountOf(1)));
  });

  it('admits bids again at once once the queue drains (calm requests are never refused)', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const answers = await Promise.all(members.slice(0, 4).map((m, i) => httpBid(auction.id, m, 200 + i, randomUUID())));
    // Judged, each of them (accepted, or too low behind a higher one judged first): none refused busy.
    expect(answers.filter((a) => a.status === 503)).toEqual([]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
  });
});
