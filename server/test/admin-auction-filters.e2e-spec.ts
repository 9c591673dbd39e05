import { randomUUID } from 'node:crypto';
import { AuctionStatus } from '@mazad/contracts';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** The console's auction filters: category (with its accepted aliases, R-CATEGORIES) beside status and search. */
describe('admin auction list: category filter', () => {
  let t: TestApp;
  let admin: TestUser;
  let seller: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    seller = await createUser(t);
  });
  afterAll(() => t.close());

  const list = (query: string) => t.http().get(`/api/admin/auctions?${query}`).set(admin.auth);

  it('keeps only the chosen category; الكل and "" mean all; ملابس reads as أزياء', async () => {
    const tag = randomUUID().slice(0, 8);
    await createAuction(t, seller, { title: `${tag} سيارة`, category: 'سيارات', schedule: false });
    await createAuction(t, seller, { title: `${tag} قميص`, category: 'أزياء', schedule: false });
    await createAuction(t, seller, { title: `${tag} هاتف`, category: 'إلكترونيات', schedule: false });
    const titles = async (query: string) =>
      ((await list(`q=${encodeURIComponent(tag)}&${query}`).expect(200)).body.auctions as { title: string }[])
        .map((a) => a.title)
        .sort();

    expect(await titles(`category=${encodeURIComponent('سيارات')}`)).toEqual([`${tag} سيارة`]);
    expect(await titles(`category=${encodeURIComponent('ملابس')}`)).toEqual([`${tag} قميص`]);
    expect(await titles(`category=${encodeURIComponent('الكل')}`)).toHaveLength(3);
    expect(await titles('category=')).toHaveLength(3);
    const res = await list(
      `q=${encodeURIComponent(tag)}&category=${encodeURIComponent('سيارات')}&status=${encodeURIComponent('نشط')}`,
    ).expect(200);
    expect(res.body.total).toBe(1);
  });

  it('status منتهي (or ended) keeps sold and unsold auctions; قيد الانتظار (or pending) matches none', async () => {
    const tag = randomUUID().slice(0, 8);
    for (const status of [AuctionStatus.Active, AuctionStatus.Sold, AuctionStatus.Unsold, AuctionStatus.Deleted]) {
      await createAuction(t, seller, { title: `${tag} ${status}`, status, schedule: false });
    }
    const titles = async (status: string) =>
      (
        (await list(`q=${encodeURIComponent(tag)}&status=${encodeURIComponent(status)}`).expect(200)).body.auctions as {
          title: string;
        }[]
      )
        .map((a) => a.title)
        .sort();

    for (const status of ['منتهي', 'ended']) {
      expect(await titles(status)).toEqual([`${tag} ${AuctionStatus.Unsold}`, `${tag} ${AuctionStatus.Sold}`].sort());
    }
    for (const status of ['قيد الانتظار', 'pending']) expect(await titles(status)).toEqual([]);
  });

  it('refuses an unknown category with the Arabic 400 naming it', async () => {
    const res = await list(`category=${encodeURIComponent('طائرات')}`).expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'فئة المزاد غير صالحة',
      errors: [{ field: 'category', message: 'فئة المزاد غير صالحة' }],
    });
  });
});
