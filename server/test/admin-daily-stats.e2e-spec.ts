import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { sendMessage, soldByBidding } from './support/sales';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

interface Day {
  date: string;
  newAuctions: number;
  bids: number;
  sales: number;
  revenue: number;
}

/**
 * GET /api/admin/stats/daily (the dashboard's charts) and GET /api/admin/auctions/{id}/messages
 * (the read-only chat on the console's auction page).
 */
describe('admin time series and chat moderation', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;
  let member: TestUser;
  let seller: TestUser;
  let bidder: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    member = await createUser(t);
    seller = await createUser(t, { name: 'بائع الإحصاءات' });
    bidder = await createUser(t, { name: 'مزايد الإحصاءات' });
  });
  afterAll(() => t.close());

  const daily = async (query = '') =>
    (await t.http().get(`/api/admin/stats/daily${query}`).set(admin.auth).expect(200)).body as {
      success: true;
      days: Day[];
    };
  /** The Amman calendar date `back` days before today, and an instant `minutes` after its local midnight. */
  const ammanDay = async (back: number, minutes = 30): Promise<{ date: string; at: Date }> => {
    const [row] = await db.query(
      `SELECT to_char((now() AT TIME ZONE 'Asia/Amman')::date - $1::int, 'YYYY-MM-DD') AS date,
              (((now() AT TIME ZONE 'Asia/Amman')::date - $1::int)::timestamp + make_interval(mins => $2)) AT TIME ZONE 'Asia/Amman' AS at`,
      [back, minutes],
    );
    return { date: row.date, at: new Date(row.at) };
  };

  it('answers 30 Amman days by default, oldest first, ending today, quiet days as zeros', async () => {
    const { success, days } = await daily();
    expect(success).toBe(true);
    expect(days).toHaveLength(30);
    expect(days[29].date).toBe((await ammanDay(0)).date);
    expect(days[0].date).toBe((await ammanDay(29)).date);
    for (let i = 1; i < days.length; i++) expect(days[i - 1].date < days[i].date).toBe(true);
    for (const day of days) {
      expect(day).toEqual({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        newAuctions: expect.any(Number),
        bids: expect.any(Number),
        sales: expect.any(Number),
        revenue: expect.any(Number),
      });
    }
    expect((await daily('?days=7')).days).toHaveLength(7);
    expect((await daily('?days=1')).days.map((d) => d.date)).toEqual([(await ammanDay(0)).date]);
  });

  it('counts new auctions, bids, sales and revenue (JOD from fils) on the Amman day they happened, deleted auctions left out', async () => {
    // 00:30 in Amman is still the previous day in UTC: the count must land on the Amman date.
    const early = await ammanDay(5, 30);
    const dayBefore = await ammanDay(6);
    const late = await ammanDay(9, 23 * 60 + 50);
    const before = await daily();
    const row = (days: Day[], date: string) => days.find((d) => d.date === date)!;

    const created = await createAuction(t, seller, { schedule: false });
    await db.query(`UPDATE auctions SET created_at = $2 WHERE id = $1`, [created.id, early.at]);
    const deleted = await createAuction(t, seller, { schedule: false, status: AuctionStatus.Deleted });
    await db.query(`UPDATE auctions SET created_at = $2 WHERE id = $1`, [deleted.id, early.at]);

    const sold = await createAuction(t, seller, { schedule: false, startingPrice: 10 });
    await db.query(
      `INSERT INTO bids (auction_id, bidder_id, amount_fils, created_at) VALUES ($1, $2, 11000, $3), ($1, $2, 12345, $3)`,
      [sold.id, bidder.user.id, early.at],
    );
    await db.query(
      `UPDATE auctions SET status = $2, current_price_fils = 12345, winner_id = $3, ended_at = $4::timestamptz, created_at = $4::timestamptz - interval '20 days' WHERE id = $1`,
      [sold.id, AuctionStatus.Sold, bidder.user.id, late.at],
    );
    const bidOnDeleted = await createAuction(t, seller, { schedule: false, status: AuctionStatus.Deleted });
    await db.query(`UPDATE auctions SET created_at = $2 WHERE id = $1`, [bidOnDeleted.id, late.at]);
    await db.query(`INSERT INTO bids (auction_id, bidder_id, amount_fils, created_at) VALUES ($1, $2, 500000, $3)`, [
      bidOnDeleted.id,
      bidder.user.id,
      early.at,
    ]);

    const after = await daily();
    expect(row(after.days, early.date)).toEqual({
      ...row(before.days, early.date),
      newAuctions: row(before.days, early.date).newAuctions + 1,
      bids: row(before.days, early.date).bids + 2,
    });
    expect(row(after.days, dayBefore.date)).toEqual(row(before.days, dayBefore.date));
    const lateBefore = row(before.days, late.date);
    expect(row(after.days, late.date)).toEqual({
      ...lateBefore,
      sales: lateBefore.sales + 1,
      revenue: Math.round((lateBefore.revenue + 12.345) * 1000) / 1000,
    });
    // The sold auction was created 20 days before it ended, outside the days above.
    expect(row(after.days, (await ammanDay(8)).date)).toEqual(row(before.days, (await ammanDay(8)).date));
  });

  it('refuses bad day counts with an Arabic 400 naming the parameter', async () => {
    for (const [query, message] of [
      ['?days=0', 'عدد الأيام يجب أن يكون 1 على الأقل'],
      ['?days=367', 'عدد الأيام يجب ألا يتجاوز 366'],
      ['?days=abc', 'عدد الأيام يجب أن يكون عدداً صحيحاً'],
      ['?days=2.5', 'عدد الأيام يجب أن يكون عدداً صحيحاً'],
    ]) {
      const res = await t.http().get(`/api/admin/stats/daily${query}`).set(admin.auth).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: [{ field: 'days', message }] });
    }
    expect((await t.http().get('/api/admin/stats/daily?from=2020-01-01').set(admin.auth).expect(400)).body.code).toBe(
      'UNKNOWN_FIELD',
    );
  });

  it('shows an operator the chat of a sold auction, oldest first, without marking it read', async () => {
    const auctionId = await soldByBidding(t, seller, bidder);
    await sendMessage(t, bidder, { auctionId, receiverId: seller.user.id, content: 'متى يمكنني الاستلام؟' }).expect(
      201,
    );
    await sendMessage(t, seller, { auctionId, receiverId: bidder.user.id, content: 'غداً صباحاً' }).expect(201);

    const res = await t.http().get(`/api/admin/auctions/${auctionId}/messages`).set(admin.auth).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.messages.map((m: { content: string }) => m.content)).toEqual(['متى يمكنني الاستلام؟', 'غداً صباحاً']);
    expect(res.body.messages[0]).toMatchObject({
      sender: { _id: bidder.user.id, name: 'مزايد الإحصاءات' },
      receiver: { _id: seller.user.id, name: 'بائع الإحصاءات' },
      isRead: false,
      auctionId,
      createdAt: expect.stringMatching(/Z$/),
    });
    const unread = await db.query(`SELECT count(*)::int AS n FROM messages WHERE auction_id = $1 AND NOT is_read`, [
      auctionId,
    ]);
    expect(unread[0].n).toBe(2);

    const empty = await createAuction(t, seller, { schedule: false });
    expect(
      (await t.http().get(`/api/admin/auctions/${empty.id}/messages`).set(admin.auth).expect(200)).body.messages,
    ).toEqual([]);
    expect(
      (
        await t
          .http()
          .get('/api/admin/auctions/00000000-0000-4000-8000-000000000000/messages')
          .set(admin.auth)
          .expect(404)
      ).body.code,
    ).toBe('AUCTION_NOT_FOUND');
    expect((await t.http().get('/api/admin/auctions/nope/messages').set(admin.auth).expect(400)).body.code).toBe(
      'INVALID_ID',
    );
  });

  it('keeps both calls from visitors (401) and members or admins without an admin login (403)', async () => {
    const adminWithoutSession = await createUser(t, { isAdmin: true });
    const { id } = await createAuction(t, seller, { schedule: false });
    for (const path of ['/api/admin/stats/daily?days=30', `/api/admin/auctions/${id}/messages`]) {
      expect((await t.http().get(path).expect(401)).body.code).toBe('UNAUTHORIZED');
      for (const who of [member, adminWithoutSession]) {
        expect((await t.http().get(path).set(who.auth).expect(403)).body).toMatchObject({
          code: 'ADMIN_ONLY',
          message: 'هذه العملية متاحة للمشرفين فقط',
        });
      }
    }
  });
});
