import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * GET /api/auctions lists what the home and all-auctions pages show: confirmed deals and sold
 * auctions ended more than 10 minutes ago are filtered by the server, so every page is full,
 * `total` counts only listed auctions and no page is empty while `hasNext` says there is more.
 */
describe('auctions: which auctions the public lists carry', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    seller = await createUser(t);
    const add = (title: string, status: AuctionStatus, endsInSeconds: number) =>
      createAuction(t, seller, { title, status, endsInSeconds, schedule: false });
    // Oldest first, so newest-first pages interleave hidden and listed auctions.
    await add('مفتوح 1', AuctionStatus.Active, 3600);
    for (let i = 1; i <= 6; i++) await add(`مباع قديم ${i}`, AuctionStatus.Sold, -20 * 60);
    await add('مفتوح 2', AuctionStatus.Active, 3600);
    const confirmed = await add('صفقة مؤكدة', AuctionStatus.Sold, -60);
    await db.query('UPDATE auctions SET is_deal_confirmed = true, deal_confirmed_at = now() WHERE id = $1', [
      confirmed.id,
    ]);
    await add('مباع حديثاً', AuctionStatus.Sold, -2 * 60);
    await add('غير مباع', AuctionStatus.Unsold, -60);
    for (let i = 1; i <= 4; i++) await add(`مباع قديم آخر ${i}`, AuctionStatus.Sold, -11 * 60);
    await add('مفتوح 3', AuctionStatus.Active, 3600);
  });
  afterAll(() => t.close());

  // Newest first (sort=newest), so that hidden and listed auctions interleave.
  const page = (n: number, limit = 2) =>
    t.http().get('/api/auctions').query({ userId: seller.user.id, page: n, limit, sort: 'newest' }).expect(200);

  it('leaves out confirmed deals and sold auctions ended over 10 minutes ago, in the page and the total', async () => {
    const all = await page(1, 50);
    expect(all.body.auctions.map((a: { title: string }) => a.title)).toEqual([
      'مفتوح 3',
      'غير مباع',
      'مباع حديثاً',
      'مفتوح 2',
      'مفتوح 1',
    ]);
    expect(all.body.pagination).toMatchObject({ total: 5, totalPages: 1, hasNext: false });
  });

  it('never answers an empty page while hasNext is true; totals match what the pages hold', async () => {
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      const { body } = await page(n);
      expect(body.auctions.length).toBeGreaterThan(0);
      seen.push(...body.auctions.map((a: { title: string }) => a.title));
      expect(body.pagination).toMatchObject({ page: n, total: 5, totalPages: 3, hasPrev: n > 1 });
      if (!body.pagination.hasNext) break;
    }
    expect(seen).toHaveLength(5);
  });

  it('counts the sold auction out once its 10 minutes have passed', async () => {
    await db.query(
      `UPDATE auctions SET end_time = now() - interval '10 minutes 1 second' WHERE title = 'مباع حديثاً' AND seller_id = $1`,
      [seller.user.id],
    );
    const { body } = await page(1, 50);
    expect(body.auctions.map((a: { title: string }) => a.title)).not.toContain('مباع حديثاً');
    expect(body.pagination.total).toBe(4);
  });
});
