import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { auctionSearchStatement } from '../src/auctions/queries/list-auctions/list-auctions.handler';
import { recordBid } from './support/auction-forms';
import { AuctionFixture, createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

interface ListedAuction {
  _id: string;
  title: string;
  category: string;
  status: string;
  highestBid?: number;
  userBidCount?: number;
  winner: { _id: string; name: string } | null;
}

describe('auctions: detail, browse, search, stats and member lists', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** Inserts an auction (no end job: these tests never wait for an end). */
  const auction = (seller: TestUser, f: AuctionFixture = {}) => createAuction(t, seller, { schedule: false, ...f });
  const list = (query: Record<string, string | number>) => t.http().get('/api/auctions').query(query);
  const titles = (body: { auctions: ListedAuction[] }) => body.auctions.map((a) => a.title);

  describe('GET /api/auctions/{id}', () => {
    it('answers the auction and counts one view per visitor (repeats and parallel requests add none)', async () => {
      const seller = await createUser(t, { name: 'ليلى', location: 'الزرقاء' });
      const a = await auction(seller, { title: 'كاميرا', buyNowPrice: 300 });
      const first = await t.http().get(`/api/auctions/${a.id}`).expect(200);
      expect(first.body).toMatchObject({
        _id: a.id,
        id: a.id,
        title: 'كاميرا',
        startingPrice: 100,
        currentPrice: 100,
        buyNowPrice: 300,
        seller: { _id: seller.user.id, name: 'ليلى', location: 'الزرقاء' },
        viewCount: 1,
        serverTime: expect.any(String),
      });
      await Promise.all(Array.from({ length: 20 }, () => t.http().get(`/api/auctions/${a.id}`).expect(200)));
      const viewer = await createUser(t);
      await t.http().get(`/api/auctions/${a.id}`).set(viewer.auth).expect(200);
      const after = await t.http().get(`/api/auctions/${a.id}`).expect(200);
      expect(after.body.viewCount).toBe(2);
      // A view is not an edit: updatedAt does not move.
      expect(after.body.updatedAt).toBe(first.body.updatedAt);
    });

    it('carries the bids, oldest first, with bidder names', async () => {
      const seller = await createUser(t);
      const bidder = await createUser(t, { name: 'خالد' });
      const a = await auction(seller);
      await recordBid(t, a.id, bidder, 110);
      await recordBid(t, a.id, bidder, 125.5);
      const res = await t.http().get(`/api/auctions/${a.id}`).expect(200);
      expect(res.body.bidCount).toBe(2);
      expect(res.body.currentPrice).toBe(125.5);
      expect(res.body.bids.map((b: { amount: number }) => b.amount)).toEqual([110, 125.5]);
      expect(res.body.bids[1].bidder).toMatchObject({ _id: bidder.user.id, name: 'خالد' });
    });

    it('404 AUCTION_NOT_FOUND for unknown and deleted auctions; 400 INVALID_ID for a non-UUID', async () => {
      const missing = await t.http().get('/api/auctions/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70').expect(404);
      expect(missing.body).toMatchObject({ code: 'AUCTION_NOT_FOUND', message: 'المزاد غير موجود' });
      // An unknown id says nothing more (nothing to say why it is gone).
      expect(missing.body.gone).toBeUndefined();
      const seller = await createUser(t);
      const deleted = await auction(seller, {
        status: AuctionStatus.Deleted,
        category: 'سيارات',
        title: 'سيارة أزيلت',
      });
      const removed = await t.http().get(`/api/auctions/${deleted.id}`).expect(404);
      // An auction an operator removed says so, with its category for similar open auctions, and nothing else of it.
      expect(removed.body).toMatchObject({
        code: 'AUCTION_NOT_FOUND',
        gone: { reason: 'removed', category: 'سيارات' },
      });
      expect(JSON.stringify(removed.body)).not.toContain('سيارة أزيلت');
      await t.http().get(`/api/auctions/${deleted.id}`).set(seller.auth).expect(404);
      const admin = await createUser(t, { isAdmin: true, adminSession: true });
      await t.http().get(`/api/auctions/${deleted.id}`).set(admin.auth).expect(200);
      const bad = await t.http().get('/api/auctions/abc').expect(400);
      expect(bad.body.code).toBe('INVALID_ID');
    });
  });

  describe('GET /api/auctions', () => {
    let paged: TestUser;
    beforeAll(async () => {
      paged = await createUser(t);
      for (let i = 1; i <= 25; i++) await auction(paged, { title: `مزاد رقم ${i}` });
    });

    it('pages newest first (sort=newest) with { auctions, pagination, serverTime }', async () => {
      const first = await list({ userId: paged.user.id, limit: 10, sort: 'newest' }).expect(200);
      expect(first.body.pagination).toEqual({
        page: 1,
        limit: 10,
        total: 25,
        totalPages: 3,
        hasNext: true,
        hasPrev: false,
      });
      expect(titles(first.body)).toEqual(Array.from({ length: 10 }, (_, i) => `مزاد رقم ${25 - i}`));
      expect(new Date(first.body.serverTime).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const last = await list({ userId: paged.user.id, limit: 10, page: 3, sort: 'newest' }).expect(200);
      expect(last.body.pagination).toEqual({
        page: 3,
        limit: 10,
        total: 25,
        totalPages: 3,
        hasNext: false,
        hasPrev: true,
      });
      expect(titles(last.body)).toEqual(['مزاد رقم 5', 'مزاد رقم 4', 'مزاد رقم 3', 'مزاد رقم 2', 'مزاد رقم 1']);

      const beyond = await list({ userId: paged.user.id, limit: 10, page: 4 }).expect(200);
      expect(beyond.body.auctions).toEqual([]);
      expect(beyond.body.pagination).toMatchObject({ total: 25, hasNext: false, hasPrev: true });
    });

    it("defaults to page 1 and 20 per page, caps limit at 100, and accepts the clients' empty parameters", async () => {
      const byDefault = await list({ userId: paged.user.id }).expect(200);
      expect(byDefault.body.pagination).toMatchObject({ page: 1, limit: 20, total: 25, totalPages: 2 });
      expect(byDefault.body.auctions).toHaveLength(20);
      const capped = await list({ userId: paged.user.id, limit: 1000 }).expect(200);
      expect(capped.body.pagination.limit).toBe(100);
      expect(capped.body.auctions).toHaveLength(25);
      const empties = await list({ category: '', search: '', userId: '', timeFilter: '', page: 1, limit: 20 }).expect(
        200,
      );
      expect(empties.body.pagination.limit).toBe(20);
      await list({ category: 'الكل', timeFilter: 'all' }).expect(200);
    });

    it.each([
      [{ page: 0 }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ limit: 0 }, 'limit'],
      [{ category: 'طائرات' }, 'category'],
      [{ timeFilter: '2hours' }, 'timeFilter'],
      [{ userId: 'abc' }, 'userId'],
      [{ search: 'س'.repeat(101) }, 'search'],
      [{ status: 'مؤجل' }, 'status'],
      [{ sort: 'price' }, 'sort'],
      [{ minPrice: 'abc' }, 'minPrice'],
    ] as [Record<string, string | number>, string][])(
      'rejects %j with 400 naming the parameter',
      async (query, field) => {
        const res = await list(query).expect(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
        expect(res.body.errors[0].field).toBe(field);
      },
    );

    it('rejects unknown parameters', async () => {
      expect((await list({ order: 'asc' }).expect(400)).body.code).toBe('UNKNOWN_FIELD');
    });

    it('filters by category (ملابس means أزياء), status and seller; never lists deleted auctions', async () => {
      const seller = await createUser(t);
      await auction(seller, { title: 'سيارة 1', category: 'سيارات' });
      await auction(seller, { title: 'سيارة 2', category: 'سيارات' });
      await auction(seller, { title: 'كنبة', category: 'أثاث' });
      await auction(seller, { title: 'فستان', category: 'أزياء' });
      await auction(seller, { title: 'مباع', category: 'أثاث', status: AuctionStatus.Sold });
      await auction(seller, { title: 'محذوف', category: 'سيارات', status: AuctionStatus.Deleted });
      const other = await createUser(t);
      await auction(other, { title: 'سيارة الغير', category: 'سيارات' });

      expect(
        titles((await list({ userId: seller.user.id, category: 'سيارات', sort: 'newest' }).expect(200)).body),
      ).toEqual(['سيارة 2', 'سيارة 1']);
      expect(titles((await list({ userId: seller.user.id, category: 'ملابس' }).expect(200)).body)).toEqual(['فستان']);
      const all = await list({ userId: seller.user.id, category: 'الكل' }).expect(200);
      expect(all.body.pagination.total).toBe(5);
      expect(titles(all.body)).not.toContain('محذوف');
      expect(titles((await list({ userId: seller.user.id, status: 'مباع' }).expect(200)).body)).toEqual(['مباع']);
      expect((await list({ userId: seller.user.id, status: 'active' }).expect(200)).body.pagination.total).toBe(4);
      expect((await list({ userId: seller.user.id, status: 'محذوف' }).expect(200)).body.auctions).toEqual([]);
      // No auction is pending or "ended": منتهي selects the sold and unsold ones, قيد الانتظار none.
      for (const status of ['منتهي', 'ended']) {
        expect(titles((await list({ userId: seller.user.id, status }).expect(200)).body)).toEqual(['مباع']);
      }
      for (const status of ['قيد الانتظار', 'pending']) {
        expect((await list({ userId: seller.user.id, status }).expect(200)).body).toMatchObject({
          auctions: [],
          pagination: { total: 0 },
        });
      }
      const cars = await list({ category: 'سيارات', limit: 100 }).expect(200);
      expect(titles(cars.body)).toEqual(expect.arrayContaining(['سيارة الغير', 'سيارة 1']));
      expect(cars.body.auctions.every((a: ListedAuction) => a.category === 'سيارات' && a.status !== 'محذوف')).toBe(
        true,
      );
    });

    it('timeFilter: open auctions ending within the window', async () => {
      const seller = await createUser(t);
      const ends: [string, number][] = [
        ['30 دقيقة', 30 * 60],
        ['5 ساعات', 5 * 3600],
        ['يومان', 2 * 86400],
        ['5 أيام', 5 * 86400],
        ['20 يوماً', 20 * 86400],
        ['40 يوماً', 40 * 86400],
      ];
      for (const [title, seconds] of ends) await auction(seller, { title, endsInSeconds: seconds });
      await auction(seller, { title: 'انتهى غير مباع', endsInSeconds: 10 * 60, status: AuctionStatus.Unsold });
      await auction(seller, { title: 'تجاوز نهايته', endsInSeconds: -10 });
      await auction(seller, { title: '20 دقيقة', endsInSeconds: 20 * 60 });

      const window = async (timeFilter: string) =>
        titles((await list({ userId: seller.user.id, timeFilter }).expect(200)).body).sort();
      expect(await window('1hour')).toEqual(['30 دقيقة', '20 دقيقة'].sort());
      expect(await window('1day')).toEqual(['30 دقيقة', '5 ساعات', '20 دقيقة'].sort());
      expect(await window('3days')).toEqual(['30 دقيقة', '5 ساعات', 'يومان', '20 دقيقة'].sort());
      expect(await window('1week')).toEqual(['30 دقيقة', '5 ساعات', 'يومان', '5 أيام', '20 دقيقة'].sort());
      expect(await window('1month')).toEqual(['30 دقيقة', '5 ساعات', 'يومان', '5 أيام', '20 يوماً', '20 دقيقة'].sort());
      expect(await window('all')).toHaveLength(9);
    });

    describe('search', () => {
      let seller: TestUser;
      beforeAll(async () => {
        seller = await createUser(t);
        for (const title of [
          'سيّارة أُجرة',
          'مكتبة خشبية',
          'ســيارة رياضية',
          'إبريق شاي نحاسي',
          'سرير مستشفى',
          'iPhone 13 Pro',
          'قميص 100% قطن',
          'غسالة',
        ]) {
          await auction(seller, { title });
        }
        const [washer] = await db.query(`SELECT id FROM auctions WHERE seller_id = $1 AND title = 'غسالة'`, [
          seller.user.id,
        ]);
        await db.query(`UPDATE auctions SET description = 'أوتوماتيكية بحالة الوكالة' WHERE id = $1`, [washer.id]);
      });
      const search = async (term: string) =>
        titles((await list({ userId: seller.user.id, search: term }).expect(200)).body).sort();

      it.each([
        ['سياره اجره', ['سيّارة أُجرة']],
        ['سيارة أجرة', ['سيّارة أُجرة']],
        ['مكتبه', ['مكتبة خشبية']],
        ['ســيارة', ['سيّارة أُجرة', 'ســيارة رياضية']],
        ['سيارة رياضيه', ['ســيارة رياضية']],
        ['ابريق', ['إبريق شاي نحاسي']],
        ['مستشفي', ['سرير مستشفى']],
        ['IPHONE', ['iPhone 13 Pro']],
        ['  قطن  ', ['قميص 100% قطن']],
        ['اوتوماتيكيه', ['غسالة']],
        ['100%', ['قميص 100% قطن']],
        // Words are searched, not characters: a sign alone has nothing to look for.
        ['%', []],
        ['_', []],
        ['لا يوجد شيء كهذا', []],
      ])('%s', async (term, expected) => {
        expect(await search(term)).toEqual([...expected].sort());
      });

      it('combines with the other filters and counts the matches', async () => {
        const res = await list({ userId: seller.user.id, search: 'سيارة', category: 'إلكترونيات', limit: 1 }).expect(
          200,
        );
        expect(res.body.pagination).toMatchObject({ total: 2, totalPages: 2, hasNext: true });
      });

      it('is answered by the full-text index (auctions_search_idx), in one statement for the page and its total', async () => {
        // EXPLAIN the exact statement the handler runs. On a table this small the planner
        // rightly prefers reading every listed row and filtering, so sequential and plain index
        // scans are ruled out and the two partial indexes of the list orders, which hold every
        // listed row, are dropped for the transaction (rolled back): what remains must find the
        // rows through the full-text index. (On 100,000 rows with default settings the statement
        // picks it by itself: docs/performance.md, "Search on 100,000 auctions".)
        const [sql, params] = auctionSearchStatement(db, { search: 'سياره اجره', page: 1, limit: 20 });
        const runner = db.createQueryRunner();
        await runner.startTransaction();
        try {
          for (const setting of ['enable_seqscan', 'enable_indexscan'])
            await runner.query(`SET LOCAL ${setting} = off`);
          await runner.query(`DROP INDEX auctions_listed_price_idx, auctions_listed_ending_idx`);
          const rows: { 'QUERY PLAN': string }[] = await runner.query(`EXPLAIN ${sql}`, params);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(plan).toContain('auctions_search_idx');
          // The matches are read once: one scan of auctions.
          expect(plan.match(/ on auctions a\b/g)).toHaveLength(1);
        } finally {
          await runner.rollbackTransaction();
          await runner.release();
        }
      });
    });
  });

  describe('GET /api/stats', () => {
    it('counts auctions (not deleted), open ones, sold ones and bids in one answer', async () => {
      const before = (await t.http().get('/api/stats').expect(200)).body;
      expect(Object.keys(before).sort()).toEqual(['activeAuctions', 'soldAuctions', 'totalAuctions', 'totalBids']);
      const seller = await createUser(t);
      const bidder = await createUser(t);
      const open = await auction(seller);
      await auction(seller);
      await auction(seller);
      const sold = await auction(seller, { status: AuctionStatus.Sold });
      await auction(seller, { status: AuctionStatus.Unsold });
      const deleted = await auction(seller, { status: AuctionStatus.Deleted });
      await recordBid(t, open.id, bidder, 101);
      await recordBid(t, open.id, bidder, 102);
      await recordBid(t, sold.id, bidder, 150);
      await recordBid(t, deleted.id, bidder, 120);

      const after = (await t.http().get('/api/stats').expect(200)).body;
      expect(after.totalAuctions - before.totalAuctions).toBe(5);
      expect(after.activeAuctions - before.activeAuctions).toBe(3);
      expect(after.soldAuctions - before.soldAuctions).toBe(1);
      expect(after.totalBids - before.totalBids).toBe(3);
    });
  });

  describe('member lists', () => {
    let seller: TestUser;
    let buyer: TestUser;
    let rival: TestUser;
    let ids: Record<string, string>;

    beforeAll(async () => {
      [seller, buyer, rival] = await Promise.all([createUser(t), createUser(t, { name: 'المشتري' }), createUser(t)]);
      const active = await auction(seller, { title: 'نشط' });
      const unsold = await auction(seller, { title: 'غير مباع', status: AuctionStatus.Unsold });
      const sold = await auction(seller, { title: 'مباع', status: AuctionStatus.Sold });
      const deleted = await auction(seller, { title: 'محذوف', status: AuctionStatus.Deleted });
      ids = { active: active.id, unsold: unsold.id, sold: sold.id, deleted: deleted.id };
      await recordBid(t, active.id, buyer, 110);
      await recordBid(t, active.id, rival, 115);
      await recordBid(t, active.id, buyer, 130);
      await recordBid(t, sold.id, buyer, 150);
      await recordBid(t, deleted.id, buyer, 170);
      await db.query(`UPDATE auctions SET winner_id = $2, ended_at = now() WHERE id = $1`, [sold.id, buyer.user.id]);
      await db.query(`UPDATE auctions SET winner_id = $2 WHERE id = $1`, [deleted.id, buyer.user.id]);
    });

    it("GET /api/auctions/user/{id}: the seller's auctions, newest first, optionally by status", async () => {
      const all = await t.http().get(`/api/auctions/user/${seller.user.id}`).expect(200);
      expect(all.body.success).toBe(true);
      expect(titles(all.body)).toEqual(['مباع', 'غير مباع', 'نشط']);
      for (const status of ['غير مباع', 'unsold']) {
        expect(
          titles((await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status }).expect(200)).body),
        ).toEqual(['غير مباع']);
      }
      for (const status of ['نشط', 'active']) {
        expect(
          titles((await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status }).expect(200)).body),
        ).toEqual(['نشط']);
      }
      expect(
        titles((await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'sold' }).expect(200)).body),
      ).toEqual(['مباع']);
      expect(
        (await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'محذوف' }).expect(200)).body
          .auctions,
      ).toEqual([]);
      expect(
        titles(
          (await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'منتهي' }).expect(200)).body,
        ),
      ).toEqual(['مباع', 'غير مباع']);
      expect(
        (await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'قيد الانتظار' }).expect(200)).body
          .auctions,
      ).toEqual([]);
      expect(
        (await t.http().get(`/api/auctions/user/${seller.user.id}`).query({ status: 'xyz' }).expect(400)).body.code,
      ).toBe('VALIDATION_ERROR');
      expect((await t.http().get(`/api/auctions/user/${buyer.user.id}`).expect(200)).body.auctions).toEqual([]);
    });

    it('GET /api/auctions/user/{id}/won: auctions the member won (not deleted)', async () => {
      const res = await t.http().get(`/api/auctions/user/${buyer.user.id}/won`).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.auctions.map((a: ListedAuction) => a._id)).toEqual([ids.sold]);
      expect(res.body.auctions[0].winner).toMatchObject({ _id: buyer.user.id, name: 'المشتري' });
      expect((await t.http().get(`/api/auctions/user/${rival.user.id}/won`).expect(200)).body.auctions).toEqual([]);
    });

    it("GET /api/auctions/user/{id}/bids: auctions bid on, with the member's highest bid and bid count", async () => {
      const res = await t.http().get(`/api/auctions/user/${buyer.user.id}/bids`).expect(200);
      expect(res.body.success).toBe(true);
      const byId = Object.fromEntries(res.body.auctions.map((a: ListedAuction) => [a._id, a]));
      expect(Object.keys(byId).sort()).toEqual([ids.active, ids.sold].sort());
      expect(byId[ids.active]).toMatchObject({ highestBid: 130, userBidCount: 2, currentPrice: 130 });
      expect(byId[ids.sold]).toMatchObject({ highestBid: 150, userBidCount: 1 });
      // Most recent bid first.
      expect(res.body.auctions[0]._id).toBe(ids.sold);
      const rivalView = await t.http().get(`/api/auctions/user/${rival.user.id}/bids`).expect(200);
      expect(rivalView.body.auctions).toHaveLength(1);
      expect(rivalView.body.auctions[0]).toMatchObject({ _id: ids.active, highestBid: 115, userBidCount: 1 });
    });

    it('member routes are not mistaken for an auction id; bad member ids are 400 INVALID_ID', async () => {
      for (const path of ['user/abc', 'user/abc/won', 'user/abc/bids']) {
        expect((await t.http().get(`/api/auctions/${path}`).expect(400)).body.code).toBe('INVALID_ID');
      }
    });
  });
});
