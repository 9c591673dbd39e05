import { jodToFils } from '@mazad/contracts';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { AuctionViewCounter, VIEW_FLUSH_TIMER } from '../../src/auctions/views/auction-view-counter';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { clientIp } from '../support/auth';
import { createAuction, reloadAuction, storedBids } from '../support/auctions';
import { connectSocket, joinAuction, nextEvent } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * PostgreSQL reads `A0EE…` and `a0ee…` as the same auction, but the bid queue, its Redis lock,
 * the socket room, the broadcast, the view counter and the idempotency scope key on the string.
 * A bid sent with the id in upper case used to be committed (and to extend the end) while no
 * watcher of the auction heard it. Every edge now hands ids on in one spelling (canonicalId:
 * ParseIdPipe for routes, CanonicalId() for body and query fields, the socket's packet
 * middleware for events).
 */
describe('security: one spelling per id', () => {
  let t: TestApp;
  let seller: TestUser;
  const sockets: Socket[] = [];
  const socketOf = async (who?: TestUser) => {
    const socket = await connectSocket(t.url, who?.token);
    sockets.push(socket);
    return socket;
  };
  const upper = (id: string) => id.toUpperCase();

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'بائع' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const newBidOf = (socket: Socket, auctionId: string, amount: number) =>
    nextEvent(socket, 'new_bid', (p) => p.auction._id === auctionId && p.bid.amount === amount);

  it('a bid sent over HTTP with the id in upper case reaches the watchers of the auction, with its new end', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10, endsInSeconds: 30 });
    const watcher = await socketOf();
    await joinAuction(watcher, a.id);
    const bidder = await createUser(t);

    const heard = newBidOf(watcher, a.id, 11);
    const res = await t
      .http()
      .post(`/api/auctions/${upper(a.id)}/bid`)
      .set(bidder.auth)
      .send({ amount: 11 });
    expect(res.status).toBe(200);
    expect(res.body.auction._id).toBe(a.id);
    const event = await heard;
    // The anti-sniping extension the bid made is what the watcher now counts down to.
    expect(Date.parse(event.auction.endTime)).toBe((await reloadAuction(t, a.id)).endTime.getTime());
    expect(Date.parse(event.auction.endTime)).toBeGreaterThan(a.endTime.getTime());
  });

  it('a bid sent over the socket with the id in upper case reaches the watchers too', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const watcher = await socketOf();
    await joinAuction(watcher, a.id);
    const bidder = await createUser(t);
    const bidderSocket = await socketOf(bidder);

    const heard = newBidOf(watcher, a.id, 12);
    const ack = await bidderSocket.timeout(10_000).emitWithAck('place_bid', { auctionId: upper(a.id), amount: 12 });
    expect(ack.success).toBe(true);
    await heard;
  });

  it('a socket that joins with the id in upper case (either event name) hears bids sent with it in lower case', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const watchers = [await socketOf(), await socketOf()];
    expect(await watchers[0].timeout(5_000).emitWithAck('join_auction', upper(a.id))).toEqual({
      ok: true,
      auctionId: a.id,
    });
    await joinAuction(watchers[1], upper(a.id), 'join-auction');
    const bidder = await createUser(t);

    const heard = watchers.map((w) => newBidOf(w, a.id, 13));
    await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: 13 }).expect(200);
    await Promise.all(heard);

    // Leaving with another spelling leaves the same room.
    expect(await watchers[0].timeout(5_000).emitWithAck('leave_auction', { auctionId: upper(a.id) })).toEqual({
      ok: true,
      auctionId: a.id,
    });
  });

  it('parallel bids under mixed spellings and transports go through one queue: the invariants hold', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser(t, { name: `عضو ${i + 1}` })));
    const memberSockets = await Promise.all(members.map((m) => socketOf(m)));
    // Amounts overlap on purpose: equal amounts under two spellings race each other.
    const plan = Array.from({ length: 80 }, (_, i) => ({
      i,
      id: i % 4 < 2 ? a.id : upper(a.id),
      amount: 100 + 1 + Math.floor(i / 2),
    }));
    const answers = await Promise.all(
      plan.map(async ({ i, id, amount }) => {
        if (i % 2 === 0) {
          const res = await t
            .http()
            .post(`/api/auctions/${id}/bid`)
            .set(members[i % 10].auth)
            .send({ amount });
          return { ok: res.status === 200, amount, code: res.body.code as string | undefined };
        }
        const ack = await memberSockets[i % 10].timeout(30_000).emitWithAck('place_bid', { auctionId: id, amount });
        return { ok: ack.success === true, amount, code: ack.code as string | undefined };
      }),
    );
    const accepted = answers.filter((r) => r.ok).map((r) => r.amount);
    expect(accepted.length).toBeGreaterThan(0);
    // Refusals are the rules' own (never AUCTION_BUSY from two queues fighting over one auction).
    for (const r of answers.filter((x) => !x.ok)) expect(r.code).toBe('BID_TOO_LOW');
    expect(new Set(accepted).size).toBe(accepted.length); // no amount accepted twice

    const bids = await storedBids(t, a.id);
    expect(bids).toHaveLength(accepted.length);
    for (let i = 1; i < bids.length; i++) expect(bids[i].amountFils).toBeGreaterThan(bids[i - 1].amountFils);
    const stored = await reloadAuction(t, a.id);
    expect(Number(stored.currentPriceFils)).toBe(jodToFils(Math.max(...accepted)));
  });

  it('the view counter counts one auction, whatever the spelling of its id', async () => {
    // Flushed by hand below: a timed flush between two reads (a busy machine makes them seconds
    // apart) would move the views to the row while a page is read (abuse-views does the same).
    t.app.get(SchedulerRegistry).deleteInterval(VIEW_FLUSH_TIMER);
    const a = await createAuction(t, seller);
    const [first, second] = [clientIp(), clientIp()];
    const view = async (id: string, ip: string) =>
      (await t.http().get(`/api/auctions/${id}`).set('X-Forwarded-For', ip).expect(200)).body.viewCount;
    expect(await view(a.id, first)).toBe(1);
    expect(await view(upper(a.id), second)).toBe(2); // another visitor, another spelling: the same auction
    expect(await view(`${a.id.slice(0, 9)}${upper(a.id.slice(9))}`, first)).toBe(2); // the first visitor again
    await t.app.get(AuctionViewCounter).flush();
    const [row] = await t.app.get(DataSource).query(`SELECT view_count FROM auctions WHERE id = $1`, [a.id]);
    expect(Number(row.view_count)).toBe(2);
  });

  it('an Idempotency-Key covers the bid whatever the spelling and the transport', async () => {
    const a = await createAuction(t, seller, { startingPrice: 10 });
    const bidder = await createUser(t);
    const bidderSocket = await socketOf(bidder);
    const key = `canon-${randomUUID()}`;
    const first = await bidderSocket
      .timeout(10_000)
      .emitWithAck('place_bid', { auctionId: upper(a.id), amount: 14, idempotencyKey: key });
    expect(first.success).toBe(true);
    for (const id of [a.id, upper(a.id)]) {
      const again = await t
        .http()
        .post(`/api/auctions/${id}/bid`)
        .set(bidder.auth)
        .set('Idempotency-Key', key)
        .send({ amount: 14 })
        .expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.bid._id).toBe(first.bid._id);
    }
    expect(await storedBids(t, a.id)).toHaveLength(1);
  });

  it('an id in a body counts as one account: the per-account limit of code checks is not multiplied by spellings', async () => {
    const member = await createUser(t, { isVerified: false });
    const limit = RATE_LIMIT_POLICIES['code-checks-identifier'].points;
    const answers = [];
    for (let i = 0; i <= limit; i++) {
      const userId = i % 2 ? upper(member.user.id) : member.user.id;
      const res = await t
        .http()
        .post('/api/auth/verify')
        .set('X-Forwarded-For', clientIp())
        .send({ userId, verificationCode: '000000' });
      answers.push(res.status);
    }
    expect(answers.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(answers[limit]).toBe(429);
  });
});
