import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { CommandBus, EventBus } from '@nestjs/cqrs';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AUCTION_ARCHIVE_QUEUE, archiveJobId } from '../src/archive/scheduling/auction-archive.queue';
import { AuctionArchiveScheduler } from '../src/archive/scheduling/auction-archive.scheduler';
import { EndAuctionCommand } from '../src/auctions/commands/end-auction/end-auction.command';
import { AuctionEndedEvent } from '../src/auctions/events/auction-ended.event';
import { AuctionViewCounter } from '../src/auctions/views/auction-view-counter';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * Archive jobs in one process: unsold auctions move 1 s and sold ones 2 s after their end
 * (ARCHIVE_UNSOLD_AFTER / ARCHIVE_SOLD_AFTER), keeping their messages and ratings, and leave
 * the live lists; an auction whose job never existed is still archived by the sweep.
 */
describe('archive jobs', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ ARCHIVE_UNSOLD_AFTER: '1s', ARCHIVE_SOLD_AFTER: '2s', BID_EXTENSION: '1s' });
    db = t.app.get(DataSource);
    seller = await createUser(t, { name: 'سامر البائع' });
    buyer = await createUser(t, { name: 'بشرى المشترية' });
  });
  afterAll(() => t.close());

  const times = async (id: string) =>
    (await db.query(`SELECT status, ended_at, archived_at FROM auctions WHERE id = $1`, [id]))[0] as {
      status: string;
      ended_at: Date | null;
      archived_at: Date | null;
    };
  const archived = (id: string) =>
    eventually(async () => {
      const row = await times(id);
      return row.archived_at !== null && row;
    }, 30_000);
  const listed = async (path: string, id: string) => {
    const res = await t.http().get(path).expect(200);
    return (res.body.auctions as { _id: string }[]).some((a) => a._id === id);
  };

  it('archives an unsold auction ARCHIVE_UNSOLD_AFTER after its end; it leaves the live lists but keeps its page', async () => {
    const title = `مزاد غير مباع ${randomUUID().slice(0, 8)}`;
    const a = await createAuction(t, seller, { endsInSeconds: 1, title });
    const search = `/api/auctions?search=${encodeURIComponent(title)}`;
    expect(await listed(search, a.id)).toBe(true);

    const row = await archived(a.id);
    expect(row.status).toBe('غير مباع');
    // Never before its time: archived at least ARCHIVE_UNSOLD_AFTER after the end (database clock).
    expect(row.archived_at!.getTime() - row.ended_at!.getTime()).toBeGreaterThanOrEqual(1000);

    expect(await listed(search, a.id)).toBe(false);
    expect(await listed(`${search}&status=unsold`, a.id)).toBe(false);
    expect(await listed(`/api/auctions/user/${seller.user.id}`, a.id)).toBe(false);
    expect(await listed(`/api/auctions/user/${seller.user.id}?status=unsold`, a.id)).toBe(false);
    const page = await t.http().get(`/api/auctions/${a.id}`).expect(200);
    expect(page.body).toMatchObject({ _id: a.id, status: 'غير مباع' });
    await t.app.get(AuctionViewCounter).flush(); // views reach the table in periodic batches

    const res = await t
      .http()
      .get(`/api/users/${seller.user.id}/archived-auctions?status=unsold`)
      .set(seller.auth)
      .expect(200);
    const item = (res.body.archivedAuctions as { _id: string }[]).find((x) => x._id === a.id);
    expect(item).toEqual({
      _id: a.id,
      id: a.id,
      auctionId: a.id,
      title,
      description: 'وصف تجريبي للمزاد',
      status: 'غير مباع',
      category: 'إلكترونيات',
      images: ['/uploads/test.webp'],
      startingPrice: 100,
      finalPrice: 100,
      totalBids: 0,
      viewCount: 1,
      endedAt: row.ended_at!.toISOString(),
      archivedAt: row.archived_at!.toISOString(),
      createdAt: expect.any(String),
      seller: { _id: seller.user.id, id: seller.user.id, name: 'سامر البائع' },
      winner: null,
      messages: [],
      messageCount: 0,
      ratings: [],
      isDealConfirmed: false,
      dealConfirmedAt: null,
    });
    const sold = await t
      .http()
      .get(`/api/users/${seller.user.id}/archived-auctions?status=sold`)
      .set(seller.auth)
      .expect(200);
    expect((sold.body.archivedAuctions as { _id: string }[]).some((x) => x._id === a.id)).toBe(false);
  });

  it('archives a sold auction ARCHIVE_SOLD_AFTER after its end with its bids, messages and ratings', async () => {
    const title = `مزاد مباع ${randomUUID().slice(0, 8)}`;
    const a = await createAuction(t, seller, { endsInSeconds: 2, title, startingPrice: 100 });
    await t.http().post(`/api/auctions/${a.id}/bid`).set(buyer.auth).send({ amount: 150.25 }).expect(200);
    const ended = await eventually(async () => {
      const x = await reloadAuction(t, a.id);
      return x.status !== 'نشط' && x;
    });
    expect(ended).toMatchObject({ status: 'مباع', winnerId: buyer.user.id });

    // The conversation and the rating, written straight to the after-sale tables.
    await db.query(
      `INSERT INTO messages (auction_id, sender_id, receiver_id, content, created_at)
       VALUES ($1, $2, $3, 'مبروك الفوز، متى يناسبك الاستلام؟', now() - interval '2 seconds'),
              ($1, $3, $2, 'غداً مساءً في عمّان', now() - interval '1 second')`,
      [a.id, seller.user.id, buyer.user.id],
    );
    await db.query(
      `INSERT INTO ratings (auction_id, rater_id, rated_user_id, role, stars, comment) VALUES ($1, $2, $3, 'seller', 5, 'بائع ممتاز')`,
      [a.id, buyer.user.id, seller.user.id],
    );

    const row = await archived(a.id);
    expect(row.archived_at!.getTime() - row.ended_at!.getTime()).toBeGreaterThanOrEqual(2000);
    const bids = await db.query(`SELECT count(*)::int AS n FROM bids WHERE auction_id = $1`, [a.id]);
    expect(bids[0].n).toBe(1);

    const mine = await t
      .http()
      .get(`/api/users/${seller.user.id}/archived-auctions?status=sold`)
      .set(seller.auth)
      .expect(200);
    const item = (mine.body.archivedAuctions as Record<string, unknown>[]).find((x) => x._id === a.id)!;
    expect(item).toMatchObject({
      status: 'مباع',
      finalPrice: 150.25,
      startingPrice: 100,
      totalBids: 1,
      winner: { _id: buyer.user.id, name: 'بشرى المشترية' },
      seller: { _id: seller.user.id, name: 'سامر البائع' },
      messageCount: 2,
      isDealConfirmed: false,
    });
    expect(item.messages).toEqual([
      expect.objectContaining({
        sender: expect.objectContaining({ _id: seller.user.id, name: 'سامر البائع' }),
        content: 'مبروك الفوز، متى يناسبك الاستلام؟',
        timestamp: expect.any(String),
      }),
      expect.objectContaining({
        sender: expect.objectContaining({ _id: buyer.user.id, name: 'بشرى المشترية' }),
        content: 'غداً مساءً في عمّان',
      }),
    ]);
    expect(item.ratings).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ _id: buyer.user.id, name: 'بشرى المشترية' }),
        role: 'seller',
        stars: 5,
        comment: 'بائع ممتاز',
      }),
    ]);

    const won = await t.http().get(`/api/users/${buyer.user.id}/won-archived-auctions`).set(buyer.auth).expect(200);
    expect((won.body.archivedAuctions as { _id: string }[]).map((x) => x._id)).toContain(a.id);
    expect(await listed(`/api/auctions/user/${buyer.user.id}/won`, a.id)).toBe(false);
    expect(await listed(`/api/auctions?search=${encodeURIComponent(title)}`, a.id)).toBe(false);
    // A bidder's history still shows the auctions they bid on.
    expect(await listed(`/api/auctions/user/${buyer.user.id}/bids`, a.id)).toBe(true);

    const stats = await t.http().get(`/api/users/${seller.user.id}/archive-stats`).set(seller.auth).expect(200);
    expect(stats.body).toEqual({ success: true, totalArchived: 2, soldArchived: 1, unsoldArchived: 1, wonArchived: 0 });
    const buyerStats = await t.http().get(`/api/users/${buyer.user.id}/archive-stats`).set(buyer.auth).expect(200);
    expect(buyerStats.body).toEqual({
      success: true,
      totalArchived: 0,
      soldArchived: 0,
      unsoldArchived: 0,
      wonArchived: 1,
    });
  });

  it('archives an auction bought with buy-now like any sale', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 300 });
    await t.http().post(`/api/auctions/${a.id}/buy-now`).set(buyer.auth).expect(200);
    const row = await archived(a.id);
    expect(row.status).toBe('مباع');
    expect(row.archived_at!.getTime() - row.ended_at!.getTime()).toBeGreaterThanOrEqual(2000);
    const won = await t.http().get(`/api/users/${buyer.user.id}/won-archived-auctions`).set(buyer.auth).expect(200);
    expect(won.body.archivedAuctions.find((x: { _id: string }) => x._id === a.id)).toMatchObject({
      finalPrice: 300,
      status: 'مباع',
    });
  });

  it('leaves archived auctions out of the home page statistics', async () => {
    const [soldArchived] = await db.query(
      `SELECT id FROM auctions WHERE seller_id = $1 AND status = 'مباع' AND archived_at IS NOT NULL AND bid_count = 1 LIMIT 1`,
      [seller.user.id],
    );
    const stats = async () =>
      (await t.http().get('/api/stats').expect(200)).body as {
        totalAuctions: number;
        soldAuctions: number;
        totalBids: number;
      };
    // Compare the figures with the auction back in the live lists and archived again (re-measured
    // until no other auction changes state in between).
    const difference = await eventually(async () => {
      await db.query(`UPDATE auctions SET archived_at = NULL WHERE id = $1`, [soldArchived.id]);
      const live = await stats();
      await db.query(`UPDATE auctions SET archived_at = now() WHERE id = $1`, [soldArchived.id]);
      const gone = await stats();
      const d = {
        total: live.totalAuctions - gone.totalAuctions,
        sold: live.soldAuctions - gone.soldAuctions,
        bids: live.totalBids - gone.totalBids,
      };
      return d.total === 1 && d;
    });
    expect(difference).toEqual({ total: 1, sold: 1, bids: 1 });
  });

  it('is scheduled from AuctionEndedEvent, published once per end with the status, winner and end time', async () => {
    const seen: AuctionEndedEvent[] = [];
    const subscription = t.app.get(EventBus).subscribe((event) => {
      if (event instanceof AuctionEndedEvent) seen.push(event);
    });
    try {
      const a = await createAuction(t, seller, { endsInSeconds: -1, schedule: false });
      const commands = t.app.get(CommandBus);
      const results = await Promise.all([
        commands.execute(new EndAuctionCommand(a.id)),
        commands.execute(new EndAuctionCommand(a.id)),
      ]);
      expect(results.sort()).toEqual([false, true]);
      expect(await commands.execute(new EndAuctionCommand(a.id))).toBe(false);
      const mine = seen.filter((e) => e.auctionId === a.id);
      expect(mine).toHaveLength(1);
      const row = await times(a.id);
      expect(mine[0]).toMatchObject({ status: 'غير مباع', winnerId: null });
      expect(new Date(mine[0].endedAt).toISOString()).toBe(row.ended_at!.toISOString());
    } finally {
      subscription.unsubscribe();
    }
  });

  it('keeps one archive job per auction under a stable id (scheduling twice is a no-op)', async () => {
    const id = randomUUID();
    const scheduler = t.app.get(AuctionArchiveScheduler);
    const queue = t.app.get<Queue>(getQueueToken(AUCTION_ARCHIVE_QUEUE));
    const due = new Date(Date.now() + 3_600_000);
    await scheduler.schedule(id, due);
    await scheduler.schedule(id, due);
    const job = await queue.getJob(archiveJobId(id));
    expect(job?.data).toEqual({ auctionId: id });
    expect(await job!.isDelayed()).toBe(true);
    const delayed = await queue.getDelayed();
    expect(delayed.filter((j) => j.data.auctionId === id)).toHaveLength(1);
    await scheduler.cancel(id);
    expect(await queue.getJob(archiveJobId(id))).toBeUndefined();
  });

  it('archives an ended auction that has no job at all (lost from Redis) through the periodic sweep', async () => {
    // Ended 5 s ago and never scheduled: as if its job had been lost while the server ran.
    const [row] = await db.query(
      `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils, current_price_fils,
                             auction_duration, start_time, end_time, ended_at)
       VALUES ($1, 'مزاد بلا مهمة', 'وصف', 'متنوعة', 'غير مباع', '{}', 10000, 10000, '1h', now() - interval '1 hour',
               now() - interval '5 seconds', now() - interval '5 seconds')
       RETURNING id`,
      [seller.user.id],
    );
    const queue = t.app.get<Queue>(getQueueToken(AUCTION_ARCHIVE_QUEUE));
    expect(await queue.getJob(archiveJobId(row.id))).toBeUndefined();
    const done = await archived(row.id);
    expect(done.status).toBe('غير مباع');
  });

  it('never archives cancelled or deleted auctions', async () => {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils, current_price_fils,
                             auction_duration, start_time, end_time, ended_at)
       SELECT $1, 'مزاد قديم', 'وصف', 'متنوعة', s, '{}', 10000, 10000, '1h', now() - interval '1 hour',
              now() - interval '1 hour', now() - interval '1 hour'
         FROM unnest(ARRAY['محذوف', 'ملغي']) AS s
       RETURNING id`,
      [seller.user.id],
    );
    // The sweep runs every 10 s; once an unsold auction inserted now is archived, these must still not be.
    const [probe] = await db.query(
      `INSERT INTO auctions (seller_id, title, description, category, status, images, starting_price_fils, current_price_fils,
                             auction_duration, start_time, end_time, ended_at)
       VALUES ($1, 'مزاد مرجعي', 'وصف', 'متنوعة', 'غير مباع', '{}', 10000, 10000, '1h', now() - interval '1 hour',
               now() - interval '1 hour', now() - interval '1 hour')
       RETURNING id`,
      [seller.user.id],
    );
    await archived(probe.id);
    for (const { id } of rows) expect((await times(id)).archived_at).toBeNull();
  });
});
