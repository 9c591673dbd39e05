import { SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { AuctionViewCounter, VIEW_FLUSH_TIMER } from '../../src/auctions/views/auction-view-counter';
import { clientIp } from '../support/auth';
import { createAuction } from '../support/auctions';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-VIEW-COUNT (docs/security.md, "Abuse and resources"): one view per visitor per auction per window, counted in
 * Redis and flushed to the database in batches (no write per request).
 */
describe('security: auction views cannot be inflated', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    // The flush runs here by hand: a timed flush in the middle of the flood (a slow CI machine
    // takes more than its 5 s) would move the views to the row between a page's two reads.
    t.app.get(SchedulerRegistry).deleteInterval(VIEW_FLUSH_TIMER);
  });
  afterAll(() => t.close());

  const storedViews = async (id: string) =>
    Number((await t.app.get(DataSource).query(`SELECT view_count FROM auctions WHERE id = $1`, [id]))[0].view_count);

  it('counts a parallel flood from one visitor once, and writes nothing until the flush', async () => {
    const seller = await createUser(t);
    const a = await createAuction(t, seller);
    const ip = clientIp();
    const flood = await Promise.all(
      Array.from({ length: 60 }, () => t.http().get(`/api/auctions/${a.id}`).set('X-Forwarded-For', ip)),
    );
    expect(flood.every((r) => r.status === 200 && r.body.viewCount === 1)).toBe(true);
    // Another visitor (address) and a member count once each.
    await t.http().get(`/api/auctions/${a.id}`).set('X-Forwarded-For', clientIp()).expect(200);
    const member = await createUser(t);
    await t.http().get(`/api/auctions/${a.id}`).set(member.auth).expect(200);
    await t.http().get(`/api/auctions/${a.id}`).set(member.auth).set('X-Forwarded-For', clientIp()).expect(200);
    const seen = await t.http().get(`/api/auctions/${a.id}`).set('X-Forwarded-For', ip).expect(200);
    expect(seen.body.viewCount).toBe(3);

    expect(await storedViews(a.id)).toBe(0); // no database write per request
    await t.app.get(AuctionViewCounter).flush();
    expect(await storedViews(a.id)).toBe(3);
    const after = await t.http().get(`/api/auctions/${a.id}`).set('X-Forwarded-For', ip).expect(200);
    expect(after.body.viewCount).toBe(3);
  });
});
