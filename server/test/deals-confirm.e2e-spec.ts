import { AuctionStatus } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction } from './support/auctions';
import { soldByBidding, soldByBuyNow } from './support/sales';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** PATCH (profile lists) and PUT (chat) /api/auctions/{id}/confirm-deal. */
describe('deal confirmation', () => {
  let t: TestApp;
  let seller: TestUser;
  let winner: TestUser;
  let stranger: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    seller = await createUser(t, { name: 'البائع' });
    winner = await createUser(t, { name: 'الفائز' });
    stranger = await createUser(t, { name: 'غريب' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const confirm = (method: 'patch' | 'put', id: string, who?: TestUser) => {
    const req = t.http()[method](`/api/auctions/${id}/confirm-deal`);
    return who ? req.set(who.auth) : req;
  };

  for (const method of ['patch', 'put'] as const) {
    describe(method.toUpperCase(), () => {
      it('the winner confirms once: isDealConfirmed and dealConfirmedAt are set, and a second call changes nothing', async () => {
        const id = await soldByBuyNow(t, seller, winner);
        const first = await confirm(method, id, winner).expect(200);
        expect(first.body).toMatchObject({
          success: true,
          message: 'تم تأكيد الصفقة بنجاح',
          auction: { _id: id, isDealConfirmed: true },
        });
        const confirmedAt = first.body.auction.dealConfirmedAt;
        expect(new Date(confirmedAt).toISOString()).toBe(confirmedAt);
        const stored = await reloadAuction(t, id);
        expect(stored.isDealConfirmed).toBe(true);
        expect(stored.dealConfirmedAt!.toISOString()).toBe(confirmedAt);

        await new Promise((r) => setTimeout(r, 20));
        for (const who of [winner, seller]) {
          const again = await confirm(method, id, who).expect(200);
          expect(again.body).toMatchObject({
            success: true,
            auction: { isDealConfirmed: true, dealConfirmedAt: confirmedAt },
          });
        }
        expect((await reloadAuction(t, id)).dealConfirmedAt!.toISOString()).toBe(confirmedAt);
      });

      it('a stranger gets 403 NOT_DEAL_PARTY and nothing changes', async () => {
        const id = await soldByBuyNow(t, seller, winner);
        const res = await confirm(method, id, stranger).expect(403);
        expect(res.body).toMatchObject({ code: 'NOT_DEAL_PARTY', message: 'هذه العملية متاحة للبائع والفائز فقط' });
        expect((await reloadAuction(t, id)).isDealConfirmed).toBe(false);
      });

      it('an auction that is not sold: 400 AUCTION_NOT_SOLD for its seller, 403 for others', async () => {
        for (const status of [AuctionStatus.Active, AuctionStatus.Unsold]) {
          const a = await createAuction(t, seller, { status, schedule: false });
          const res = await confirm(method, a.id, seller).expect(400);
          expect(res.body).toMatchObject({ code: 'AUCTION_NOT_SOLD', message: 'المزاد غير مباع' });
          await confirm(method, a.id, stranger).expect(403);
          expect((await reloadAuction(t, a.id)).isDealConfirmed).toBe(false);
        }
      });

      it('401 signed out, 400 INVALID_ID, 404 for a missing auction', async () => {
        const id = await soldByBuyNow(t, seller, winner);
        expect((await confirm(method, id).expect(401)).body.code).toBe('UNAUTHORIZED');
        expect((await confirm(method, 'abc', winner).expect(400)).body.code).toBe('INVALID_ID');
        expect((await confirm(method, '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', winner).expect(404)).body.code).toBe(
          'AUCTION_NOT_FOUND',
        );
      });
    });
  }

  it('the seller may confirm too (from the profile lists), on an auction won by bidding', async () => {
    const id = await soldByBidding(t, seller, winner);
    const res = await confirm('patch', id, seller).expect(200);
    expect(res.body.auction).toMatchObject({ isDealConfirmed: true, status: 'مباع', winner: { _id: winner.user.id } });
  });

  it('two simultaneous confirmations set dealConfirmedAt once', async () => {
    const id = await soldByBuyNow(t, seller, winner);
    const answers = await Promise.all([
      confirm('put', id, winner),
      confirm('patch', id, seller),
      confirm('put', id, winner),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers.filter((r) => r.body.message === 'تم تأكيد الصفقة بنجاح')).toHaveLength(1);
    const times = new Set(answers.map((r) => r.body.auction.dealConfirmedAt));
    expect(times.size).toBe(1);
  });

  it('watchers of the auction get auction_updated with the confirmed auction', async () => {
    const id = await soldByBuyNow(t, seller, winner);
    const watcher = await connectSocket(t.url);
    sockets.push(watcher);
    await joinAuction(watcher, id);
    const updated = nextEvent(watcher, 'auction_updated');
    await confirm('put', id, winner).expect(200);
    expect((await updated).auction).toMatchObject({ _id: id, isDealConfirmed: true });
  });

  it('an auction deleted by an admin is not found', async () => {
    const id = await soldByBuyNow(t, seller, winner);
    await t.app.get(DataSource).query(`UPDATE auctions SET status = $2 WHERE id = $1`, [id, AuctionStatus.Deleted]);
    expect((await confirm('patch', id, winner).expect(404)).body.code).toBe('AUCTION_NOT_FOUND');
  });
});
