import { randomUUID } from 'node:crypto';
import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { clientIp } from './support/auth';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** The admin API behind the operator console: stats, members, passwords, auctions. */
describe('admin API', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { name: 'المشرف', isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http().get(path).set(admin.auth);

  /** An ended auction inserted directly (no jobs), with `bids` bids when sold. */
  async function finished(seller: TestUser, status: AuctionStatus, priceFils: number, winner?: TestUser) {
    const [row] = await db.query(
      `INSERT INTO auctions (seller_id, winner_id, title, description, category, status, images, starting_price_fils,
                             current_price_fils, auction_duration, start_time, end_time, ended_at, bid_count)
       VALUES ($1, $2, 'مزاد منتهٍ', 'وصف', 'متنوعة', $3, '{}', 1000, $4, '1h', now() - interval '2 hours',
               now() - interval '1 hour', now() - interval '1 hour', $5)
       RETURNING id`,
      [seller.user.id, winner?.user.id ?? null, status, priceFils, winner ? 2 : 0],
    );
    return row.id as string;
  }

  describe('GET /api/admin/stats', () => {
    it('counts members, auctions, open and sold auctions, bids and revenue (JOD); deleted ones never count', async () => {
      const seller = await createUser(t, { name: 'بائع الإحصاءات' });
      const buyer = await createUser(t);
      const open = await createAuction(t, seller, { startingPrice: 10 });
      await t.http().post(`/api/auctions/${open.id}/bid`).set(buyer.auth).send({ amount: 12 }).expect(200);
      const sold = await finished(seller, AuctionStatus.Sold, 123_456, buyer);

      const stats = async () => {
        const res = await get('/api/admin/stats').expect(200);
        expect(res.body.success).toBe(true);
        return res.body as Record<string, number>;
      };
      // The same figures with our rows present and with them deleted (the auctions deleted by an
      // admin, the members deleted), re-measured until nothing else changed in between.
      const auctionIds = [open.id, sold];
      const memberIds = [seller.user.id, buyer.user.id];
      const difference = await eventually(async () => {
        await db.query(`UPDATE auctions SET status = CASE WHEN id = $1 THEN 'نشط' ELSE 'مباع' END WHERE id = ANY($2)`, [
          open.id,
          auctionIds,
        ]);
        await db.query(`UPDATE users SET deleted_at = NULL WHERE id = ANY($1)`, [memberIds]);
        const present = await stats();
        await db.query(`UPDATE auctions SET status = 'محذوف' WHERE id = ANY($1)`, [auctionIds]);
        await db.query(`UPDATE users SET deleted_at = now() WHERE id = ANY($1)`, [memberIds]);
        const absent = await stats();
        const d = Object.fromEntries(
          Object.keys(absent).map((k) => [k, Math.round((present[k] - absent[k]) * 1000) / 1000]),
        );
        return d.activeAuctions === 1 && d;
      });
      expect(difference).toEqual({
        success: 0,
        totalUsers: 2,
        totalAuctions: 2,
        activeAuctions: 1,
        soldAuctions: 1,
        totalBids: 3,
        totalRevenue: 123.456,
      });
    });

    it('matches the definitions computed independently from the tables', async () => {
      const expected = () =>
        db.query(`
          SELECT (SELECT count(*)::int FROM users WHERE deleted_at IS NULL) AS "totalUsers",
                 (SELECT count(*)::int FROM auctions WHERE status <> 'محذوف') AS "totalAuctions",
                 (SELECT count(*)::int FROM auctions WHERE status = 'نشط') AS "activeAuctions",
                 (SELECT count(*)::int FROM auctions WHERE status = 'مباع') AS "soldAuctions",
                 (SELECT COALESCE(sum(bid_count), 0)::int FROM auctions WHERE status <> 'محذوف') AS "totalBids",
                 (SELECT COALESCE(sum(current_price_fils), 0)::float / 1000 FROM auctions WHERE status = 'مباع') AS "totalRevenue"`);
      // Re-measured until no auction changed state between the two reads.
      const [api, sql] = await eventually(async () => {
        const res = await get('/api/admin/stats').expect(200);
        const [row] = await expected();
        return JSON.stringify(res.body) === JSON.stringify({ success: true, ...row }) && [res.body, row];
      });
      expect(api).toEqual({ success: true, ...sql });
    });
  });

  describe('GET /api/admin/users', () => {
    let tag: string;
    let people: TestUser[];

    beforeAll(async () => {
      tag = randomUUID().slice(0, 8);
      people = [
        await createUser(t, { name: `بحث ${tag} ج`, email: `c.${tag}@example.com`, phone: '+962 79 555 1234' }),
        await createUser(t, { name: `بحث ${tag} أ`, email: `a.${tag}@example.com`, phone: '0788 000 111' }),
        await createUser(t, {
          name: `بحث ${tag} ب`,
          email: `b.${tag}@example.com`,
          phone: '0777000222',
          isVerified: false,
        }),
      ];
      const [c, a] = people;
      await createAuction(t, c);
      await createAuction(t, c);
      const third = await createAuction(t, a, { startingPrice: 10 });
      for (const amount of [11, 12, 13])
        await t.http().post(`/api/auctions/${third.id}/bid`).set(c.auth).send({ amount }).expect(200);
    });

    it('searches by name, email and phone (digits match across spaces), with counts and the total', async () => {
      const byName = await get(`/api/admin/users?q=${encodeURIComponent(`بحث ${tag}`)}`).expect(200);
      expect(byName.body).toMatchObject({ success: true, total: 3, page: 1, limit: 25 });
      const c = byName.body.users.find((u: { _id: string }) => u._id === people[0].user.id);
      expect(c).toEqual({
        _id: people[0].user.id,
        id: people[0].user.id,
        name: `بحث ${tag} ج`,
        location: 'عمّان',
        email: `c.${tag}@example.com`,
        phone: '+962 79 555 1234',
        profileImage: null,
        totalAuctions: 2,
        totalBids: 3,
        isVerified: true,
        isAdmin: false,
        registrationSource: 'math_verification',
        createdAt: expect.stringMatching(/Z$/),
      });

      const byEmail = await get(`/api/admin/users?q=${encodeURIComponent(`B.${tag}@`)}`).expect(200);
      expect(byEmail.body.users.map((u: { _id: string }) => u._id)).toEqual([people[2].user.id]);

      const byPhone = await get('/api/admin/users?q=795551234').expect(200);
      expect(byPhone.body.users.map((u: { _id: string }) => u._id)).toContain(people[0].user.id);
      const byFormattedPhone = await get(`/api/admin/users?q=${encodeURIComponent('0788 000')}`).expect(200);
      expect(byFormattedPhone.body.users.map((u: { _id: string }) => u._id)).toContain(people[1].user.id);
    });

    it('pages and sorts the way the console asks', async () => {
      const q = encodeURIComponent(`بحث ${tag}`);
      const first = await get(`/api/admin/users?q=${q}&sort=email&order=asc&page=1&limit=2`).expect(200);
      expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 });
      expect(first.body.users.map((u: { email: string }) => u.email)).toEqual([
        `a.${tag}@example.com`,
        `b.${tag}@example.com`,
      ]);
      const second = await get(`/api/admin/users?q=${q}&sort=email&order=asc&page=2&limit=2`).expect(200);
      expect(second.body.users.map((u: { email: string }) => u.email)).toEqual([`c.${tag}@example.com`]);
      const byBids = await get(`/api/admin/users?q=${q}&sort=totalBids&order=desc`).expect(200);
      expect(byBids.body.users[0]._id).toBe(people[0].user.id);
    });

    it('rejects unknown sort fields and parameters, naming them', async () => {
      const sort = await get('/api/admin/users?sort=passwordHash').expect(400);
      expect(sort.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'sort', message: 'حقل الترتيب غير مدعوم' }],
      });
      const order = await get('/api/admin/users?order=sideways').expect(400);
      expect(order.body.errors[0].field).toBe('order');
      const unknown = await get('/api/admin/users?role=admin').expect(400);
      expect(unknown.body.code).toBe('UNKNOWN_FIELD');
    });
  });

  describe('PUT /api/admin/users/{id}/password', () => {
    const login = (email: string, password: string) =>
      t.http().post('/api/auth/login').set('X-Forwarded-For', clientIp()).send({ email, password });

    it('validates the new password (not blank, at least 6 characters)', async () => {
      const member = await createUser(t);
      const short = await t
        .http()
        .put(`/api/admin/users/${member.user.id}/password`)
        .set(admin.auth)
        .send({ newPassword: '12345' })
        .expect(400);
      expect(short.body).toMatchObject({
        errors: [{ field: 'newPassword', message: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل' }],
      });
      for (const newPassword of [undefined, '', '        ']) {
        const blank = await t
          .http()
          .put(`/api/admin/users/${member.user.id}/password`)
          .set(admin.auth)
          .send({ newPassword })
          .expect(400);
        expect(blank.body).toMatchObject({ errors: [{ field: 'newPassword', message: 'يرجى إدخال كلمة مرور جديدة' }] });
      }
      await t.http().get('/api/auth/me').set(member.auth).expect(200);
    });

    it('sets the password (argon2id): the old token dies, the new password logs in, the old one no longer does', async () => {
      const member = await createUser(t, { password: 'old-secret1' });
      const res = await t
        .http()
        .put(`/api/admin/users/${member.user.id}/password`)
        .set(admin.auth)
        .send({ newPassword: 'new-secret1' })
        .expect(200);
      expect(res.body).toEqual({ success: true, message: 'تم تغيير كلمة المرور بنجاح' });
      const [stored] = await db.query(`SELECT password_hash FROM users WHERE id = $1`, [member.user.id]);
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);

      const me = await t.http().get('/api/auth/me').set(member.auth).expect(401);
      expect(me.body.code).toBe('TOKEN_INVALID');
      const ok = await login(member.user.email, 'new-secret1').expect(200);
      expect(ok.body.token).toEqual(expect.any(String));
      await t.http().get('/api/auth/me').set('Authorization', `Bearer ${ok.body.token}`).expect(200);
      await login(member.user.email, 'old-secret1').expect(401);
    });

    it('is 404 for an unknown member', async () => {
      const res = await t
        .http()
        .put(`/api/admin/users/${randomUUID()}/password`)
        .set(admin.auth)
        .send({ newPassword: 'whatever1' })
        .expect(404);
      expect(res.body.code).toBe('USER_NOT_FOUND');
    });
  });

  describe('GET and DELETE /api/admin/auctions', () => {
    let tag: string;
    let seller: TestUser;
    let bidder: TestUser;

    beforeAll(async () => {
      tag = randomUUID().slice(0, 8);
      seller = await createUser(t, { name: `بائع ${tag}` });
      bidder = await createUser(t, { name: 'مزايد المشرف' });
    });

    it('lists every auction with seller, price, bid count, latest bids and status; searches, filters, sorts and pages', async () => {
      const cheap = await createAuction(t, seller, { title: `ساعة ${tag}`, startingPrice: 10 });
      const dear = await createAuction(t, seller, { title: `سيارة ${tag}`, startingPrice: 5000 });
      const gone = await createAuction(t, seller, { title: `هاتف ${tag}`, startingPrice: 50 });
      for (let i = 1; i <= 7; i++) {
        await t
          .http()
          .post(`/api/auctions/${cheap.id}/bid`)
          .set(bidder.auth)
          .send({ amount: 10 + i })
          .expect(200);
      }
      await get(`/api/admin/auctions`).expect(200);
      await t.http().delete(`/api/admin/auctions/${gone.id}`).set(admin.auth).expect(200);

      const all = await get(`/api/admin/auctions?q=${encodeURIComponent(tag)}&sort=currentPrice&order=desc`).expect(
        200,
      );
      expect(all.body).toMatchObject({ success: true, total: 3, page: 1, limit: 25 });
      expect(all.body.auctions.map((a: { _id: string }) => a._id)).toEqual([dear.id, gone.id, cheap.id]);
      const row = all.body.auctions[2];
      expect(row).toMatchObject({
        _id: cheap.id,
        id: cheap.id,
        title: `ساعة ${tag}`,
        seller: { _id: seller.user.id, name: `بائع ${tag}` },
        currentPrice: 17,
        bidCount: 7,
        status: 'نشط',
        archivedAt: null,
        createdAt: expect.stringMatching(/Z$/),
      });
      expect(row.bids.map((b: { amount: number }) => b.amount)).toEqual([13, 14, 15, 16, 17]);
      expect(row.bids[4].bidder).toMatchObject({ _id: bidder.user.id, name: 'مزايد المشرف' });
      expect(all.body.auctions[1]).toMatchObject({ _id: gone.id, status: 'محذوف' });

      const deleted = await get(
        `/api/admin/auctions?q=${encodeURIComponent(tag)}&status=${encodeURIComponent('محذوف')}`,
      ).expect(200);
      expect(deleted.body.auctions.map((a: { _id: string }) => a._id)).toEqual([gone.id]);
      const active = await get(
        `/api/admin/auctions?q=${encodeURIComponent(tag)}&status=active&sort=title&order=asc&limit=1&page=2`,
      ).expect(200);
      expect(active.body).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(active.body.auctions.map((a: { _id: string }) => a._id)).toEqual([dear.id]);
      const bySeller = await get(`/api/admin/auctions?sellerId=${seller.user.id}&sort=seller.name`).expect(200);
      expect(bySeller.body.total).toBe(3);
    });

    it('soft-deletes any auction (bids kept), hides it from members; repeating is harmless; unknown is 404', async () => {
      const a = await createAuction(t, seller, { startingPrice: 10 });
      await t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount: 20 }).expect(200);
      const res = await t.http().delete(`/api/admin/auctions/${a.id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ success: true, message: 'تم حذف المزاد بنجاح' });
      expect(await reloadAuction(t, a.id)).toMatchObject({ status: 'محذوف', bidCount: 1, currentPriceFils: 20_000 });
      const bids = await db.query(`SELECT count(*)::int AS n FROM bids WHERE auction_id = $1`, [a.id]);
      expect(bids[0].n).toBe(1);
      await t.http().get(`/api/auctions/${a.id}`).set(bidder.auth).expect(404);
      await t.http().delete(`/api/admin/auctions/${a.id}`).set(admin.auth).expect(200);
      const missing = await t.http().delete(`/api/admin/auctions/${randomUUID()}`).set(admin.auth).expect(404);
      expect(missing.body.code).toBe('AUCTION_NOT_FOUND');
    });
  });
});
