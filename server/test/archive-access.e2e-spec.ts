import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** Archive reads are the member's own (or an admin session's); archived deals are confirmed by the winner, once. */
describe('archive access and archived deal confirmation', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let winner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let adminWithoutSession: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    seller = await createUser(t, { name: 'بائع الأرشيف' });
    winner = await createUser(t, { name: 'فائز الأرشيف' });
    stranger = await createUser(t, { name: 'غريب' });
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    adminWithoutSession = await createUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  /** A finished sale (archived or not), inserted directly. */
  async function sale(archived: boolean): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO auctions (seller_id, winner_id, title, description, category, status, images, starting_price_fils,
                             current_price_fils, auction_duration, start_time, end_time, ended_at, bid_count, archived_at)
       VALUES ($1, $2, 'ساعة يد كلاسيكية', 'وصف', 'إكسسوارات', 'مباع', '{}', 50000, 75500, '24h', now() - interval '2 days',
               now() - interval '1 hour', now() - interval '1 hour', 1, CASE WHEN $3 THEN now() END)
       RETURNING id`,
      [seller.user.id, winner.user.id, archived],
    );
    return row.id;
  }

  const reads = (userId: string) => [
    `/api/users/${userId}/archived-auctions`,
    `/api/users/${userId}/archived-auctions?status=unsold`,
    `/api/users/${userId}/won-archived-auctions`,
    `/api/users/${userId}/archive-stats`,
  ];

  it('refuses signed-out callers (401) and other members (403 ARCHIVE_FORBIDDEN)', async () => {
    for (const path of reads(seller.user.id)) {
      const anonymous = await t.http().get(path).expect(401);
      expect(anonymous.body.code).toBe('UNAUTHORIZED');
      for (const other of [stranger, winner, adminWithoutSession]) {
        const res = await t.http().get(path).set(other.auth).expect(403);
        expect(res.body).toMatchObject({ code: 'ARCHIVE_FORBIDDEN', message: 'الأرشيف متاح لصاحبه فقط' });
      }
    }
  });

  it('answers the member and an admin session', async () => {
    const id = await sale(true);
    for (const viewer of [seller, admin]) {
      const res = await t.http().get(`/api/users/${seller.user.id}/archived-auctions`).set(viewer.auth).expect(200);
      expect(res.body).toMatchObject({ success: true, page: 1, limit: 100 });
      expect((res.body.archivedAuctions as { _id: string }[]).map((a) => a._id)).toContain(id);
    }
    const won = await t.http().get(`/api/users/${winner.user.id}/won-archived-auctions`).set(winner.auth).expect(200);
    expect(won.body.archivedAuctions.find((a: { _id: string }) => a._id === id)).toMatchObject({
      finalPrice: 75.5,
      startingPrice: 50,
      status: 'مباع',
      seller: { _id: seller.user.id, name: 'بائع الأرشيف' },
      winner: { _id: winner.user.id, name: 'فائز الأرشيف' },
    });
  });

  it('validates the status filter and the ids', async () => {
    const bad = await t
      .http()
      .get(`/api/users/${seller.user.id}/archived-auctions?status=active`)
      .set(seller.auth)
      .expect(400);
    expect(bad.body.errors[0].field).toBe('status');
    await t
      .http()
      .get(`/api/users/${seller.user.id}/archived-auctions?status=${encodeURIComponent('مباع')}`)
      .set(seller.auth)
      .expect(200);
    const id = await t.http().get('/api/users/not-a-uuid/archive-stats').set(seller.auth).expect(400);
    expect(id.body.code).toBe('INVALID_ID');
  });

  it('documents the archive routes in the OpenAPI document', async () => {
    const docs = (await t.http().get('/api/docs-json').expect(200)).body;
    for (const [path, method] of [
      ['/api/users/{id}/archived-auctions', 'get'],
      ['/api/users/{id}/won-archived-auctions', 'get'],
      ['/api/users/{userId}/archive-stats', 'get'],
      ['/api/users/{userId}/confirm-archived-deal/{archivedId}', 'patch'],
    ]) {
      const operation = docs.paths[path]?.[method];
      expect(operation?.summary).toEqual(expect.any(String));
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
    }
  });

  describe('PATCH /api/users/{userId}/confirm-archived-deal/{archivedId}', () => {
    const confirm = (userId: string, auctionId: string, who: TestUser | null) => {
      const req = t.http().patch(`/api/users/${userId}/confirm-archived-deal/${auctionId}`);
      return who ? req.set(who.auth) : req;
    };
    const flags = async (id: string) =>
      (await db.query(`SELECT is_deal_confirmed, deal_confirmed_at FROM auctions WHERE id = $1`, [id]))[0] as {
        is_deal_confirmed: boolean;
        deal_confirmed_at: Date | null;
      };

    it('lets the winner confirm once; a second call changes nothing', async () => {
      const id = await sale(true);
      const first = await confirm(winner.user.id, id, winner).expect(200);
      expect(first.body).toMatchObject({
        success: true,
        message: 'تم تأكيد استلام الصفقة بنجاح',
        changed: true,
        archivedAuction: { _id: id, isDealConfirmed: true, dealConfirmedAt: expect.any(String) },
      });
      const stored = await flags(id);
      expect(stored.is_deal_confirmed).toBe(true);
      const second = await confirm(winner.user.id, id, winner).expect(200);
      expect(second.body.changed).toBe(false);
      expect(second.body.archivedAuction.dealConfirmedAt).toBe(first.body.archivedAuction.dealConfirmedAt);
      expect((await flags(id)).deal_confirmed_at!.toISOString()).toBe(stored.deal_confirmed_at!.toISOString());
    });

    it('refuses anyone acting for the winner (403) and signed-out callers (401)', async () => {
      const id = await sale(true);
      await confirm(winner.user.id, id, null).expect(401);
      for (const other of [stranger, seller, admin]) {
        const res = await confirm(winner.user.id, id, other).expect(403);
        expect(res.body.code).toBe('ARCHIVE_FORBIDDEN');
      }
      expect((await flags(id)).is_deal_confirmed).toBe(false);
    });

    it('is 404 when the auction is not archived, not theirs or does not exist', async () => {
      const live = await sale(false);
      const archived = await sale(true);
      for (const [who, auctionId] of [
        [winner, live],
        [seller, archived],
        [stranger, archived],
        [winner, randomUUID()],
      ] as const) {
        const res = await confirm(who.user.id, auctionId, who).expect(404);
        expect(res.body).toMatchObject({ code: 'ARCHIVED_AUCTION_NOT_FOUND', message: 'المزاد المؤرشف غير موجود' });
      }
      expect((await flags(live)).is_deal_confirmed).toBe(false);
      expect((await flags(archived)).is_deal_confirmed).toBe(false);
    });
  });
});
