import { EventBus } from '@nestjs/cqrs';
import { LIVE_VIEW_BIDS, type NewBidPayload } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { AuctionCreatedEvent } from '../src/auctions/events/auction-created.event';
import { createAuction, eventually } from './support/auctions';
import { collect, connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

describe('real time (Socket.IO)', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];
  const open = async (token?: string) => {
    const s = await connectSocket(t.url, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp({ BID_EXTENSION: '1s' });
    seller = await createUser(t, { name: 'البائع' });
    alice = await createUser(t, { name: 'أليس' });
    bob = await createUser(t, { name: 'بوب' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const bid = (id: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${id}/bid`).set(who.auth).send({ amount }).expect(200);

  it('lets an anonymous watcher follow bids with new_bid { auction, bid }', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    const received = nextEvent(watcher, 'new_bid');
    await bid(a.id, alice, 60);
    const payload = await received;
    expect(payload.auction).toMatchObject({ _id: a.id, currentPrice: 60, bidCount: 1 });
    expect(payload.bid).toMatchObject({ amount: 60, bidder: { _id: alice.user.id, name: 'أليس' } });
  });

  it('coalesces a burst of bids into few lean new_bid messages: the last has the final state', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    const messages = collect<NewBidPayload>(watcher, 'new_bid');
    const accepted = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t
          .http()
          .post(`/api/auctions/${a.id}/bid`)
          .set((i % 2 ? alice : bob).auth)
          .send({ amount: 51 + i }),
      ),
    );
    const bids = accepted
      .filter((r) => r.status === 200)
      .map((r) => r.body.bid)
      .sort((x, y) => x.amount - y.amount);
    await eventually(async () => messages.at(-1)?.auction.seq === bids.length);
    expect(messages.length).toBeLessThan(bids.length + 1);
    const last = messages[messages.length - 1].auction;
    expect(last).toMatchObject({ currentPrice: bids.at(-1).amount, bidCount: bids.length, seq: bids.length });
    // The last three bids, newest first, as the REST presenter writes them.
    expect(last.lastBids).toEqual(bids.slice(-LIVE_VIEW_BIDS).reverse());
    // Sequence numbers only grow.
    const seqs = messages.map((m) => m.auction.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y));
  });

  it('honours both spellings of the room events', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const watcher = await open();
    await joinAuction(watcher, a.id, 'join-auction');
    const seen = collect(watcher, 'new_bid');
    await bid(a.id, alice, 55);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
    await watcher.timeout(5_000).emitWithAck('leave', a.id);
    await bid(a.id, bob, 56);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
    await joinAuction(watcher, a.id, 'join_auction');
    await watcher.timeout(5_000).emitWithAck('leave_auction', a.id);
    await bid(a.id, alice, 57);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
  });

  it('answers a malformed room id with an error event', async () => {
    const watcher = await open();
    const error = nextEvent(watcher, 'error');
    watcher.emit('join_auction', 'not-an-id');
    expect((await error).message).toBe('المعرّف غير صالح');
  });

  it('sends the outbid member a private notice in user:<id>', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const aliceSocket = await open(alice.token);
    const bobSocket = await open(bob.token);
    const bobNotices = collect(bobSocket, 'outbid');
    await bid(a.id, alice, 70);
    const notice = nextEvent(aliceSocket, 'outbid', (n: { auctionId: string }) => n.auctionId === a.id);
    await bid(a.id, bob, 80);
    expect(await notice).toMatchObject({ auctionId: a.id, currentPrice: 80 });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobNotices.filter((n: { auctionId: string }) => n.auctionId === a.id)).toHaveLength(0);
  });

  it('announces buy-now with auction_bought { auction, buyer } and auction_ended', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50, buyNowPrice: 90 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    const bought = nextEvent(watcher, 'auction_bought');
    const ended = nextEvent(watcher, 'auction_ended');
    await t.http().post(`/api/auctions/${a.id}/buy-now`).set(bob.auth).expect(200);
    expect(await bought).toMatchObject({
      auction: { status: 'مباع', currentPrice: 90 },
      buyer: { _id: bob.user.id, name: 'بوب' },
    });
    expect((await ended).auction.status).toBe('مباع');
  });

  it('announces the timed end with auction_ended', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: 1 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    const ended = await nextEvent(watcher, 'auction_ended');
    expect(ended.auction).toMatchObject({ _id: a.id, status: 'غير مباع' });
  });

  it('broadcasts new-auction to everyone', async () => {
    const watcher = await open();
    const a = await createAuction(t, seller, { schedule: false });
    const announced = nextEvent<{ _id: string; title: string }>(watcher, 'new-auction', (x) => x._id === a.id);
    t.app.get(EventBus).publish(new AuctionCreatedEvent(a.id, a.endTime));
    expect((await announced).title).toBe(a.title);
  });

  it('a reconnecting watcher converges by re-fetching the auction', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    watcher.disconnect();
    await bid(a.id, alice, 99);
    watcher.connect();
    await new Promise<void>((r) => watcher.once('connect', () => r()));
    await joinAuction(watcher, a.id);
    const res = await t.http().get(`/api/auctions/${a.id}`);
    // The read side may not exist in this build yet; the engine's view is the same object.
    if (res.status === 200) expect(res.body.currentPrice ?? res.body.auction?.currentPrice).toBe(99);
  });

  it('builds the bids of new_bid with the REST presenter (same object as the bid answer, isCancelled included)', async () => {
    const a = await createAuction(t, seller, { startingPrice: 50 });
    const watcher = await open();
    await joinAuction(watcher, a.id);
    const received = nextEvent(watcher, 'new_bid');
    const answer = await bid(a.id, alice, 61);
    const payload = await received;
    expect(payload.bid).toEqual(answer.body.bid);
    expect(payload.bid.isCancelled).toBe(false);
    expect(payload.auction.lastBids).toEqual([answer.body.bid]);
  });

  it('when an admin deletes a member: closes their sockets and tells watchers their auction is cancelled', async () => {
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const victim = await createUser(t, { name: 'عضو سيحذف' });
    const own = await createAuction(t, victim, { startingPrice: 10 });
    const victimSocket = await open(victim.token);
    const watcher = await open();
    await joinAuction(watcher, own.id);
    const closed = new Promise<string>((resolve) => victimSocket.once('disconnect', (reason) => resolve(reason)));
    const updated = nextEvent(
      watcher,
      'auction_updated',
      (p: { auction: { _id: string; status: string } }) => p.auction._id === own.id,
    );
    await t.http().delete(`/api/admin/users/${victim.user.id}`).set(admin.auth).expect(200);
    expect(await closed).toBe('io server disconnect');
    expect((await updated).auction.status).toBe('ملغي');
  });
});
