import { bidStepFils } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, eventually, reloadAuction, StoredBid, storedBids } from './support/auctions';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * The invariants of the bid path under real parallel requests (real PostgreSQL and Redis):
 * the final price is the highest accepted bid, every accepted bid is stored exactly once,
 * accepted amounts strictly increase in acceptance order, nothing is accepted after the end,
 * and an auction has at most one winner. The storms run over HTTP, and over HTTP and sockets
 * together (`place_bid` / `buy_now`, half of the calls each): the invariants hold either way.
 * With maximums in the mix (R-MAX-BID) the automatic bids obey the same invariants, and once
 * the storm is over the bidding is settled: no maximum but the leader's is above the price.
 */
describe('bidding under concurrency', () => {
  let t: TestApp;
  let seller: TestUser;
  let members: TestUser[];
  /** One signed-in socket per member, for the calls made over the socket. */
  let sockets: Socket[];

  beforeAll(async () => {
    t = await startTestApp({ BID_EXTENSION: '1s' });
    seller = await createUser(t, { name: 'بائع' });
    members = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t, { name: `عضو ${i + 1}` })));
    sockets = await Promise.all(members.map((m) => connectSocket(t.url, m.token)));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  type Transport = 'http' | 'socket';
  /** Half of the calls over each transport (alternating). */
  const mixed = (i: number): Transport => (i % 2 === 0 ? 'http' : 'socket');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, as HTTP bodies are
  type Answer = { status: number; body: any };

  /** A socket call answered like the HTTP one: status 200 for a success, else the error body's statusCode. */
  async function overSocket(who: TestUser, event: string, payload: object): Promise<Answer> {
    const body = await sockets[members.indexOf(who)].timeout(30_000).emitWithAck(event, payload);
    return { status: body?.success ? 200 : body.statusCode, body };
  }

  const bid = (auctionId: string, who: TestUser, amount: number, via: Transport = 'http'): Promise<Answer> =>
    via === 'socket'
      ? overSocket(who, 'place_bid', { auctionId, amount })
      : t
          .http()
          .post(`/api/auctions/${auctionId}/bid`)
          .set(who.auth)
          .send({ amount })
          .then((r) => r);
  const buyNow = (auctionId: string, who: TestUser, via: Transport = 'http'): Promise<Answer> =>
    via === 'socket'
      ? overSocket(who, 'buy_now', { auctionId })
      : t
          .http()
          .post(`/api/auctions/${auctionId}/buy-now`)
          .set(who.auth)
          .then((r) => r);

  function expectStrictlyIncreasing(bids: Pick<StoredBid, 'amountFils'>[]) {
    for (let i = 1; i < bids.length; i++) expect(bids[i].amountFils).toBeGreaterThan(bids[i - 1].amountFils);
  }

  /**
   * 200 simultaneous bids from 20 members (the i-th over `via(i)`) keep every invariant. With
   * `topAt`, that call offers more than any other (so it is accepted, whenever it arrives).
   */
  async function bidStorm(via: (i: number) => Transport, topAt?: number) {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    // Amounts overlap on purpose (duplicates and lower bids race higher ones).
    const plan = Array.from({ length: 200 }, (_, i) => ({
      who: members[i % 20],
      amount: i === topAt ? 300 : 100 + 1 + Math.floor(Math.random() * 150) + (Math.random() < 0.5 ? 0.5 : 0),
    }));
    const responses = await Promise.all(plan.map((p, i) => bid(auction.id, p.who, p.amount, via(i))));

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
    return responses;
  }

  it('200 simultaneous bids from 20 members keep every invariant', () => bidStorm(() => 'http'));

  it('200 simultaneous bids, half over HTTP and half over sockets, keep every invariant', async () => {
    // The last HTTP call offers the most: the open sockets usually win the early race, and the
    // final word then comes over HTTP, so both transports' bids are interleaved in one history.
    const top = 198;
    expect(mixed(top)).toBe('http');
    const responses = await bidStorm(mixed, top);
    expect(responses[top].status).toBe(200);
    expect(responses.filter((r, i) => mixed(i) === 'socket' && r.status === 200).length).toBeGreaterThan(0);
  });

  it.each<[string, Transport]>([
    ['HTTP', 'http'],
    ['HTTP and a socket', 'socket'],
  ])('two simultaneous buy-nows (%s) have exactly one winner', async (_label, second) => {
    const auction = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 300 });
    const [a, b] = await Promise.all([buyNow(auction.id, members[0]), buyNow(auction.id, members[1], second)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('AUCTION_NOT_OPEN');
    const winner = a.status === 200 ? members[0] : members[1];
    const final = await reloadAuction(t, auction.id);
    expect(final).toMatchObject({ status: 'مباع', winnerId: winner.user.id, currentPriceFils: 300_000 });
  });

  it.each<[string, (i: number) => Transport]>([
    ['over HTTP', () => 'http'],
    ['over HTTP and sockets', mixed],
  ])(
    'bids racing a buy-now (%s): either the buy-now wins and every earlier bid is cancelled, or bids passed its price',
    async (_label, via) => {
      for (let round = 0; round < 3; round++) {
        const auction = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 150 });
        const bids = Array.from({ length: 40 }, (_, i) =>
          bid(auction.id, members[i % 19], 100 + (i + 1) * 0.5 + round, via(i)),
        );
        const buyer = members[19];
        const [buy, ...bidResponses] = await Promise.all([buyNow(auction.id, buyer, via(round + 1)), ...bids]);
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
    },
  );

  // Each run has its own three bidders (the members' bid rate limit spans the whole suite).
  it.each<[string, number[], (i: number) => Transport]>([
    ['over HTTP', [0, 1, 2], () => 'http'],
    ['over HTTP and sockets', [3, 4, 5], mixed],
  ])(
    'bids racing the end (%s): nothing is accepted after the auction ended, and it ends exactly once',
    async (_label, bidderIndexes, via) => {
      const bidders = bidderIndexes.map((i) => members[i]);
      // BID_EXTENSION is 1 s here: bidders pause up to 4 s, so a quiet second soon lets the
      // end job close the auction while other bids are in flight.
      const auction = await createAuction(t, seller, { startingPrice: 100, endsInSeconds: 1 });
      const responses: { status: number }[] = [];
      let amount = 100;
      let closed = false;
      const deadline = Date.now() + 25_000;
      await Promise.all(
        bidders.map(async (m, i) => {
          while (!closed && Date.now() < deadline) {
            amount += 1;
            const res = await bid(auction.id, m, amount, via(i));
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
    },
  );

  it('manual bids racing maximums being set and raised keep every invariant, automatic bids included', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const proxies = members.slice(15, 20);
    const manual = Array.from({ length: 100 }, (_, i) => ({
      who: members[i % 15],
      amount: 100 + 1 + Math.floor(Math.random() * 150) + (Math.random() < 0.5 ? 0.25 : 0),
    }));
    // Each proxy member sets a maximum, then raises it (both raced against the manual bids).
    const maxima = proxies.flatMap((who) => {
      const first = 150 + Math.floor(Math.random() * 100) + 0.125;
      return [
        { who, amount: first },
        { who, amount: first + 20 + Math.floor(Math.random() * 50) },
      ];
    });
    const setMax = (who: TestUser, amount: number): Promise<Answer> =>
      t
        .http()
        .put(`/api/auctions/${auction.id}/max-bid`)
        .set(who.auth)
        .send({ amount })
        .then((r) => r);
    const [manualAnswers, maxAnswers] = await Promise.all([
      Promise.all(manual.map((p, i) => bid(auction.id, p.who, p.amount, mixed(i)))),
      Promise.all(
        maxima.map(async (p, i) => {
          // The raise follows its first maximum (as a member would), racing everything else.
          if (i % 2 === 1) await new Promise((r) => setTimeout(r, Math.random() * 50));
          return setMax(p.who, p.amount);
        }),
      ),
    ]);
    for (const r of manualAnswers.filter((x) => x.status !== 200)) expect(r.body.code).toBe('BID_TOO_LOW');
    for (const r of maxAnswers.filter((x) => x.status !== 200)) expect(r.body.code).toBe('MAX_BID_TOO_LOW');

    const rows: { bidder_id: string; amount_fils: string; is_automatic: boolean; created_at: Date }[] = await t.app
      .get(DataSource)
      .query(`SELECT bidder_id, amount_fils, is_automatic, created_at FROM bids WHERE auction_id = $1 ORDER BY seq`, [
        auction.id,
      ]);
    const stored = rows.map((r) => ({
      bidderId: r.bidder_id,
      amountFils: Number(r.amount_fils),
      automatic: r.is_automatic,
      createdAt: r.created_at,
    }));
    // Every accepted manual bid stored once; the price only rose; no bid at or below the price.
    const acceptedManual = manualAnswers.filter((r) => r.status === 200);
    expect(stored.filter((b) => !b.automatic)).toHaveLength(acceptedManual.length);
    expectStrictlyIncreasing(stored);
    const final = await reloadAuction(t, auction.id);
    const last = stored[stored.length - 1];
    expect(final.currentPriceFils).toBe(last.amountFils);
    expect(final.bidCount).toBe(stored.length);
    // Anti-sniping held for the last bid, automatic or not (BID_EXTENSION is 1 s here).
    expect(final.endTime.getTime()).toBeGreaterThanOrEqual(last.createdAt.getTime() + 1000 - 1);
    // Settled: one leader (the last bid's), and no other maximum above the price.
    const standing: { user_id: string; amount_fils: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT user_id, amount_fils FROM max_bids WHERE auction_id = $1`, [auction.id]);
    for (const m of standing)
      if (m.user_id !== last.bidderId) expect(Number(m.amount_fils)).toBeLessThanOrEqual(final.currentPriceFils);
    // An automatic bid never goes above its owner's maximum (maximums here only rise).
    const maxOf = new Map(standing.map((m) => [m.user_id, Number(m.amount_fils)]));
    for (const b of stored.filter((x) => x.automatic)) expect(b.amountFils).toBeLessThanOrEqual(maxOf.get(b.bidderId)!);
    // The highest maximum above every manual bid leads, within one step over its competitors.
    const top = Math.max(...maxOf.values());
    const highestManual = Math.max(...stored.filter((b) => !b.automatic).map((b) => b.amountFils), 0);
    if (top > highestManual + bidStepFils(highestManual)) expect(maxOf.get(last.bidderId)).toBe(top);
    // Whether the race produced an automatic bid depends on its timing (a quiet machine may
    // settle every maximum before the manual bids arrive); max-bids.e2e-spec.ts places them
    // deterministically.
  });
});
