import { getQueueToken } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { endJobId, AUCTION_END_QUEUE } from '../src/auctions/scheduling/auction-end.queue';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

describe('auction end', () => {
  let t: TestApp;
  let seller: TestUser;
  let bidder: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ BID_EXTENSION: '2s' });
    seller = await createUser(t);
    bidder = await createUser(t, { name: 'فائز' });
  });
  afterAll(() => t.close());

  it('ends an auction without bids as unsold when its time is up', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: 1 });
    const ended = await eventually(async () => {
      const x = await reloadAuction(t, a.id);
      return x.status !== 'نشط' && x;
    });
    expect(ended).toMatchObject({ status: 'غير مباع', winnerId: null });
    expect(ended.endedAt!.getTime()).toBeGreaterThanOrEqual(a.endTime.getTime());
  });

  it('follows an extension: the job re-delays itself and the highest bidder wins', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: 1, startingPrice: 10 });
    const res = await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: 11 }).expect(200);
    const extendedEnd = new Date(res.body.auction.endTime).getTime();
    expect(extendedEnd).toBeGreaterThan(a.endTime.getTime());
    const ended = await eventually(async () => {
      const x = await reloadAuction(t, a.id);
      return x.status !== 'نشط' && x;
    });
    expect(ended).toMatchObject({ status: 'مباع', winnerId: bidder.user.id, currentPriceFils: 11_000 });
    expect(ended.endedAt!.getTime()).toBeGreaterThanOrEqual(extendedEnd);
  });

  it('keeps one end job per auction under a stable id', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: 600 });
    const queue = t.app.get<Queue>(getQueueToken(AUCTION_END_QUEUE));
    const job = await eventually(() => queue.getJob(endJobId(a.id)));
    expect(await job.isDelayed()).toBe(true);
  });
});
