import { getQueueToken } from '@nestjs/bullmq';
import { EventBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ENDING_SOON_LEAD_MINUTES } from '@mazad/contracts';
import type { Notification, NotificationPayload, NotificationsResult } from '@mazad/contracts';
import { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { BidsCommittedEvent } from '../src/auctions/events/bids-committed.event';
import { ENDING_SOON_QUEUE, endingSoonJobId } from '../src/notifications/scheduling/ending-soon.queue';
import { EndingSoonScheduler } from '../src/notifications/scheduling/ending-soon.scheduler';
import { createAuction, eventually } from './support/auctions';
import { ProcessCluster } from './support/process-cluster';
import { soldByBidding } from './support/sales';
import { collect, connectSocket, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * The bell (docs/notifications.md): each kind for the right member and only them, the API
 * (paging, unreadCount, read, read-all, permissions), the dedupe keys, the ending-soon job that
 * moves with the end, and exactly once across two server processes.
 */
const PREFERENCES = '/api/users/me/notification-preferences';

describe('notifications', () => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // A bid extends the end to 30 minutes ahead: enough to move a pending ending-soon reminder.
    // Outbid notices of one member on one auction at least 2 s apart (1 min in production).
    t = await startTestApp({ BID_EXTENSION: '30m', OUTBID_NOTICE_INTERVAL: '2s' });
    seller = await createUser(t, { name: 'البائع' });
    alice = await createUser(t, { name: 'أليس' });
    bob = await createUser(t, { name: 'باسم' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const db = () => t.app.get(DataSource);
  const list = async (who: TestUser, query = ''): Promise<NotificationsResult> =>
    (await t.http().get(`/api/notifications${query}`).set(who.auth).expect(200)).body;
  const noticesOf = async (who: TestUser, auctionId: string): Promise<Notification[]> =>
    (await list(who, '?limit=100')).notifications.filter((n) => n.auctionId === auctionId);
  const bid = (id: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${id}/bid`).set(who.auth).send({ amount }).expect(200);
  /** Lets the event handlers run, then answers what is stored for the auction. */
  const stored = async (auctionId: string, kind?: string): Promise<{ user_id: string; kind: string }[]> =>
    db().query(
      `SELECT user_id, kind FROM notifications WHERE payload->>'auctionId' = $1 AND ($2::text IS NULL OR kind = $2)`,
      [auctionId, kind ?? null],
    );

  it('outbid: the member who led hears the new price, live and stored; the bidder and the seller hear nothing', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, title: 'ساعة قديمة', schedule: false });
    const socket = await connectSocket(t.url, alice.token);
    sockets.push(socket);
    await bid(a.id, alice, 110);
    const live = nextEvent<NotificationPayload>(socket, 'notification');
    await bid(a.id, bob, 120.5);
    const payload = await live;
    expect(payload.notification).toMatchObject({
      kind: 'outbid',
      title: 'تم تجاوز مزايدتك',
      body: 'مزايدة أعلى على "ساعة قديمة": السعر الآن 120.500 د.أ',
      link: { type: 'auction', auctionId: a.id },
      auctionId: a.id,
      amount: 120.5,
      readAt: null,
    });
    expect(payload.unreadCount).toBe((await list(alice)).unreadCount);
    expect(await noticesOf(alice, a.id)).toEqual([payload.notification]);
    expect(await noticesOf(bob, a.id)).toEqual([]);
    expect(await noticesOf(seller, a.id)).toEqual([]);
  });

  describe('outbid notices are coalesced (R-NOTICE-OUTBID-COALESCED)', () => {
    let carol: TestUser;
    beforeAll(async () => {
      carol = await createUser(t, { name: 'كارول' });
    });
    const settle = () => new Promise((r) => setTimeout(r, 1_500));

    it('outbid again and again while the notice waits: one notice, with the latest price', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
      await bid(a.id, alice, 110);
      for (const [who, amount] of [
        [bob, 120],
        [carol, 130],
        [bob, 140],
        [carol, 150],
      ] as const)
        await bid(a.id, who, amount);
      await eventually(async () => (await noticesOf(alice, a.id)).length > 0);
      await settle();
      const mine = await noticesOf(alice, a.id);
      expect(mine.map((n) => [n.kind, n.amount])).toEqual([['outbid', 150]]);
    });

    it('a member who leads again before the notice is due hears nothing', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
      await bid(a.id, alice, 110);
      await bid(a.id, bob, 120);
      await bid(a.id, alice, 130);
      // Bob, outbid by alice's second bid, is told; alice, who leads again, is not.
      await eventually(async () => (await noticesOf(bob, a.id)).length > 0);
      await settle();
      expect(await noticesOf(alice, a.id)).toEqual([]);
      expect((await noticesOf(bob, a.id)).map((n) => n.amount)).toEqual([130]);
    });

    it('a second beaten bid within the interval is told at its end, with the price then', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
      await bid(a.id, alice, 110);
      await bid(a.id, bob, 120);
      const [first] = await eventually(async () => {
        const mine = await noticesOf(alice, a.id);
        return mine.length > 0 && mine;
      });
      await bid(a.id, alice, 130);
      await bid(a.id, bob, 140);
      await bid(a.id, carol, 150);
      const both = await eventually(async () => {
        const mine = await noticesOf(alice, a.id);
        return mine.length === 2 && mine;
      });
      const second = both.find((n) => n.id !== first.id)!;
      expect(second.amount).toBe(150);
      // Not before the interval (2 s here) since the first.
      expect(Date.parse(second.createdAt) - Date.parse(first.createdAt)).toBeGreaterThanOrEqual(1_900);
    });

    it('a storm of bids writes a notice per member, not per bid', async () => {
      const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
      const bidders = [alice, bob, carol];
      // 30 bids, in parallel three at a time, each bidder outbid about ten times.
      for (let round = 0; round < 10; round++)
        await Promise.all(
          bidders.map((who, i) =>
            t
              .http()
              .post(`/api/auctions/${a.id}/bid`)
              .set(who.auth)
              .send({ amount: 101 + round * 3 + i }),
          ),
        );
      await settle();
      await settle();
      const outbids = await stored(a.id, 'outbid');
      expect(outbids.length).toBeGreaterThan(0);
      // At most one per member within the interval (each job fired once; the leader never).
      expect(outbids.length).toBeLessThanOrEqual(bidders.length - 1);
    });
  });

  it('won and sold go to the winner and the seller; the losing bidder gets only the outbid', async () => {
    const id = await soldByBidding(t, seller, bob, [alice]);
    await eventually(async () => (await stored(id)).length >= 3 && true);
    expect((await noticesOf(bob, id)).map((n) => n.kind)).toEqual(['won']);
    expect((await noticesOf(seller, id)).map((n) => [n.kind, n.amount, n.link])).toEqual([
      ['sold', 150, { type: 'conversation', auctionId: id }],
    ]);
    expect((await noticesOf(alice, id)).map((n) => n.kind)).toEqual(['outbid']);
  });

  it('no sale goes to the seller only', async () => {
    const a = await createAuction(t, seller, { endsInSeconds: 1 });
    const [notice] = await eventually(async () => {
      const mine = await noticesOf(seller, a.id);
      return mine.length > 0 && mine;
    });
    expect(notice).toMatchObject({ kind: 'no_sale', title: 'انتهى مزادك دون بيع', amount: null });
    expect(await stored(a.id)).toHaveLength(1);
  });

  it('new message, deal confirmed and rated reach the other party, with their links', async () => {
    const id = await soldByBidding(t, seller, alice);
    await t
      .http()
      .post('/api/messages')
      .set(alice.auth)
      .send({ auctionId: id, receiverId: seller.user.id, content: 'مرحبا، متى نلتقي؟' })
      .expect(201);
    await t.http().patch(`/api/auctions/${id}/confirm-deal`).set(seller.auth).expect(200);
    await t
      .http()
      .post(`/api/users/${seller.user.id}/rate`)
      .set(alice.auth)
      .send({ auctionId: id, role: 'seller', stars: 5 })
      .expect(201);
    const sellerKinds = async () => (await noticesOf(seller, id)).map((n) => n.kind).sort();
    await eventually(async () => (await sellerKinds()).length === 3);
    expect(await sellerKinds()).toEqual(['new_message', 'rated', 'sold']);
    const sellerNotices = await noticesOf(seller, id);
    expect(sellerNotices.find((n) => n.kind === 'new_message')).toMatchObject({
      body: 'رسالة جديدة من أليس',
      link: { type: 'conversation', auctionId: id },
    });
    expect(sellerNotices.find((n) => n.kind === 'rated')).toMatchObject({ link: { type: 'profile' } });
    expect((await noticesOf(alice, id)).map((n) => n.kind).sort()).toEqual(['deal_confirmed', 'won']);
  });

  it('the same event twice is one notice (the dedupe key)', async () => {
    const a = await createAuction(t, seller, { startingPrice: 100, schedule: false });
    await bid(a.id, alice, 101);
    await bid(a.id, bob, 102);
    await eventually(async () => (await stored(a.id, 'outbid')).length === 1);
    const [bidRow] = await db().query(`SELECT id FROM bids WHERE auction_id = $1 AND bidder_id = $2`, [
      a.id,
      bob.user.id,
    ]);
    const again = new BidsCommittedEvent({
      auctionId: a.id,
      bids: [
        {
          bidId: bidRow.id,
          bidderId: bob.user.id,
          amountFils: 102_000,
          outbidUserId: alice.user.id,
          createdAt: new Date(),
          automatic: false,
        },
      ],
      committedAt: 0,
    });
    await Promise.all([1, 2, 3].map(() => t.app.get(EventBus).publish(again)));
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored(a.id, 'outbid')).toHaveLength(1);
  });

  describe('the API', () => {
    let carol: TestUser;
    let ids: string[];
    beforeAll(async () => {
      carol = await createUser(t, { name: 'كارول' });
      // Five outbids of carol, one per auction, in order.
      for (let i = 0; i < 5; i++) {
        const a = await createAuction(t, seller, { startingPrice: 10, schedule: false, title: `مزاد ${i}` });
        await bid(a.id, carol, 11);
        await bid(a.id, bob, 12);
        await eventually(async () => (await stored(a.id, 'outbid')).length === 1);
      }
      ids = (await list(carol)).notifications.map((n) => n.id);
    });

    it('pages newest first with the unread count over all pages', async () => {
      const first = await list(carol, '?limit=2');
      expect(first.notifications.map((n) => n.body)).toEqual([
        expect.stringContaining('مزاد 4'),
        expect.stringContaining('مزاد 3'),
      ]);
      expect(first.unreadCount).toBe(5);
      expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrev: false });
      const last = await list(carol, '?limit=2&page=3');
      expect(last.notifications.map((n) => n.body)).toEqual([expect.stringContaining('مزاد 0')]);
    });

    it('marks one read (idempotent) and tells the member’s other devices', async () => {
      const socket = await connectSocket(t.url, carol.token);
      sockets.push(socket);
      const live = nextEvent<NotificationPayload>(socket, 'notification');
      const res = await t.http().patch(`/api/notifications/${ids[0]}/read`).set(carol.auth).expect(200);
      expect(res.body).toEqual({ success: true, message: 'تم تعليم الإشعار كمقروء', unreadCount: 4 });
      expect(await live).toEqual({ notification: null, unreadCount: 4 });
      const readAt = (await list(carol)).notifications[0].readAt;
      expect(readAt).not.toBeNull();
      await t.http().patch(`/api/notifications/${ids[0]}/read`).set(carol.auth).expect(200);
      expect((await list(carol)).notifications[0].readAt).toBe(readAt);
    });

    it("another member's notice answers 404 and stays unread; signed out answers 401; a bad id 400", async () => {
      const res = await t.http().patch(`/api/notifications/${ids[1]}/read`).set(alice.auth).expect(404);
      expect(res.body).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND', message: 'الإشعار غير موجود' });
      await t.http().patch(`/api/notifications/${randomUUID()}/read`).set(alice.auth).expect(404);
      expect((await list(carol)).notifications[1].readAt).toBeNull();
      await t.http().get('/api/notifications').expect(401);
      await t.http().patch(`/api/notifications/${ids[1]}/read`).expect(401);
      await t.http().post('/api/notifications/read-all').expect(401);
      await t.http().patch('/api/notifications/nope/read').set(carol.auth).expect(400);
      expect((await list(alice)).notifications.some((n) => ids.includes(n.id))).toBe(false);
    });

    it("read-all marks every notice of the member and no one else's", async () => {
      const aliceUnread = (await list(alice)).unreadCount;
      const res = await t.http().post('/api/notifications/read-all').set(carol.auth).expect(200);
      expect(res.body).toMatchObject({ success: true, unreadCount: 0 });
      expect((await list(carol)).notifications.every((n) => n.readAt !== null)).toBe(true);
      expect((await list(alice)).unreadCount).toBe(aliceUnread);
    });
  });

  it('parallel marks of the same notices (two devices) all answer 200 and agree', async () => {
    const dana = await createUser(t, { name: 'دانة' });
    const a = await createAuction(t, seller, { startingPrice: 10, schedule: false });
    await bid(a.id, dana, 11);
    await bid(a.id, bob, 12);
    const [notice] = await eventually(async () => {
      const mine = await noticesOf(dana, a.id);
      return mine.length > 0 && mine;
    });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => t.http().patch(`/api/notifications/${notice.id}/read`).set(dana.auth)),
      ...Array.from({ length: 4 }, () => t.http().post('/api/notifications/read-all').set(dana.auth)),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const after = await list(dana);
    expect(after.unreadCount).toBe(0);
    expect(after.notifications.filter((n) => n.readAt === null)).toEqual([]);
  });

  it("the preferences call's documented example is a body the call accepts (a client written from /api/docs)", async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      components: { schemas: Record<string, { properties: Record<string, { example?: unknown }> }> };
    };
    const { channels } = doc.components.schemas.NotificationPreferencesDto.properties;
    const who = await createUser(t);
    await t
      .http()
      .put(PREFERENCES)
      .set(who.auth)
      .send({ channels: channels.example, endingSoonLeadMinutes: 15 })
      .expect(200);
  });

  it('rate-limited per member: 429 NOTIFICATIONS_RATE_LIMITED past 120 calls a minute, others unaffected', async () => {
    const eve = await createUser(t, { name: 'إيمان' });
    for (let i = 0; i < 12; i++)
      await Promise.all(Array.from({ length: 10 }, () => t.http().get('/api/notifications').set(eve.auth).expect(200)));
    const limited = await t.http().post('/api/notifications/read-all').set(eve.auth).expect(429);
    expect(limited.body).toMatchObject({
      code: 'NOTIFICATIONS_RATE_LIMITED',
      message: 'طلبات إشعارات كثيرة خلال دقيقة، يرجى الانتظار قليلاً',
    });
    await t.http().get('/api/notifications').set(alice.auth).expect(200);
  });

  describe('ending soon', () => {
    const queue = () => t.app.get<Queue>(getQueueToken(ENDING_SOON_QUEUE));

    /** The auction's stage jobs still waiting, by lead time: when each is due. */
    const stageDues = async (auctionId: string): Promise<Record<number, number>> => {
      const dues: Record<number, number> = {};
      for (const minutes of ENDING_SOON_LEAD_MINUTES) {
        const job = await queue().getJob(endingSoonJobId(minutes, auctionId));
        if (job && (await job.isDelayed())) dues[minutes] = job.timestamp + job.delay;
      }
      return dues;
    };
    const near = (at: number, minutesAhead: number) => Math.abs(at - (Date.now() + minutesAhead * 60_000)) < 60_000;
    const chooseLeadTime = async (who: TestUser, minutes: number) => {
      const { preferences } = (await t.http().get(PREFERENCES).set(who.auth).expect(200)).body;
      await t
        .http()
        .put(PREFERENCES)
        .set(who.auth)
        .send({ ...preferences, endingSoonLeadMinutes: minutes })
        .expect(200);
    };
    const reminders = async (auctionId: string): Promise<number[]> =>
      (
        await db().query(`SELECT lead_minutes FROM ending_soon_reminders WHERE auction_id = $1 ORDER BY 1`, [auctionId])
      ).map((r: { lead_minutes: number }) => r.lead_minutes);
    /** The job, the sweep and a replica's start-up may all find the same stages due at once. */
    const runDueStages = async () => {
      const scheduler = t.app.get(EndingSoonScheduler);
      await Promise.all([scheduler.sweep(), scheduler.reconcile(), scheduler.sweep()]);
    };

    it('one job per auction and lead time under stable ids, the stages ahead moved when a bid extends the end', async () => {
      const a = await createAuction(t, seller, { endsInSeconds: 90 * 60, startingPrice: 10 });
      const first = await eventually(async () => {
        const dues = await stageDues(a.id);
        return Object.keys(dues).length === 3 && dues;
      });
      expect(near(first[60], 30) && near(first[15], 75) && near(first[5], 85)).toBe(true);
      // The end comes within the 30-minute extension (BID_EXTENSION here), so the bid moves it to
      // 30 minutes from now: the 15- and 5-minute stages follow; the 60-minute one is due already.
      await db().query(`UPDATE auctions SET end_time = now() + interval '20 minutes' WHERE id = $1`, [a.id]);
      await bid(a.id, alice, 11);
      const moved = await eventually(async () => {
        const dues = await stageDues(a.id);
        return near(dues[15], 15) && dues;
      });
      expect(near(moved[5], 25)).toBe(true);
      expect(moved[60]).toBe(first[60]);
      expect((await queue().getDelayed()).filter((j) => j.id?.endsWith(a.id))).toHaveLength(3);
      expect(await stored(a.id, 'ending_soon')).toEqual([]);
    });

    it("every stage's job is dropped when the auction is deleted", async () => {
      const a = await createAuction(t, seller, { endsInSeconds: 90 * 60, startingPrice: 10 });
      await eventually(async () => Object.keys(await stageDues(a.id)).length === 3);
      await t.http().delete(`/api/auctions/${a.id}`).set(seller.auth).expect(200);
      await eventually(async () => Object.keys(await stageDues(a.id)).length === 0);
    });

    it('reminds the bidders and the watchers of the default lead time once, never the seller, when the end is within 15 minutes', async () => {
      const a = await createAuction(t, seller, { endsInSeconds: 20 * 60, startingPrice: 10, title: 'لوحة' });
      const carl = await createUser(t, { name: 'متابع' });
      await t.http().put(`/api/auctions/${a.id}/watch`).set(carl.auth).expect(200);
      await bid(a.id, alice, 11);
      await db().query(`UPDATE auctions SET end_time = now() + interval '10 minutes' WHERE id = $1`, [a.id]);
      await runDueStages();
      await eventually(async () => (await stored(a.id, 'ending_soon')).length >= 2);
      const rows = await stored(a.id, 'ending_soon');
      expect(rows.map((r) => r.user_id).sort()).toEqual([alice.user.id, carl.user.id].sort());
      const [notice] = await noticesOf(carl, a.id);
      expect(notice).toMatchObject({ kind: 'ending_soon', link: { type: 'auction', auctionId: a.id } });
      expect(notice.body).toContain('لوحة');
      expect(notice.body).toContain('15 دقيقة');
      // The 60- and 15-minute stages ran (nobody here chose 60); the 5-minute one waits.
      expect(await reminders(a.id)).toEqual([15, 60]);
    });

    it('each member is reminded once, at the stage of their own lead time', async () => {
      const a = await createAuction(t, seller, { endsInSeconds: 90 * 60, startingPrice: 10, title: 'سجادة' });
      const [early, usual, late] = await Promise.all([
        createUser(t, { name: 'مبكر' }),
        createUser(t, { name: 'عادي' }),
        createUser(t, { name: 'متأخر' }),
      ]);
      await chooseLeadTime(early, 60);
      await chooseLeadTime(late, 5);
      // The seller chose 60 minutes too, and is still never reminded of their own auction.
      await chooseLeadTime(seller, 60);
      await t.http().put(`/api/auctions/${a.id}/watch`).set(early.auth).expect(200);
      await t.http().put(`/api/auctions/${a.id}/watch`).set(late.auth).expect(200);
      await bid(a.id, usual, 11);
      const whoHeard = async () => (await stored(a.id, 'ending_soon')).map((r) => r.user_id).sort();

      await db().query(`UPDATE auctions SET end_time = now() + interval '30 minutes' WHERE id = $1`, [a.id]);
      await runDueStages();
      await eventually(async () => (await whoHeard()).length >= 1);
      expect(await whoHeard()).toEqual([early.user.id]);
      const [sixty] = await noticesOf(early, a.id);
      expect(sixty.body).toContain('60 دقيقة');

      await db().query(`UPDATE auctions SET end_time = now() + interval '10 minutes' WHERE id = $1`, [a.id]);
      await runDueStages();
      await eventually(async () => (await whoHeard()).length >= 2);
      expect(await whoHeard()).toEqual([early.user.id, usual.user.id].sort());

      await db().query(`UPDATE auctions SET end_time = now() + interval '3 minutes' WHERE id = $1`, [a.id]);
      await runDueStages();
      await eventually(async () => (await whoHeard()).length >= 3);
      await runDueStages();
      expect(await whoHeard()).toEqual([early.user.id, usual.user.id, late.user.id].sort());
      expect((await noticesOf(late, a.id)).filter((n) => n.kind === 'ending_soon')[0].body).toContain('5 دقيقة');
      expect(await reminders(a.id)).toEqual([5, 15, 60]);
    });
  });
});

describe('notifications across two server processes', () => {
  const cluster = new ProcessCluster();
  const sockets: Socket[] = [];
  beforeAll(() => cluster.open());
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await cluster.stopAll();
    await cluster.close();
  });

  it('an ending-soon reminder both processes find due is created and sent exactly once', async () => {
    const seller = await cluster.member('بائع');
    const watcher = await cluster.member('متابع');
    const [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    const [sa, sb] = await Promise.all([connectSocket(a.url, watcher.token), connectSocket(b.url, watcher.token)]);
    sockets.push(sa, sb);
    const seenA = collect<NotificationPayload>(sa, 'notification');
    const seenB = collect<NotificationPayload>(sb, 'notification');
    // Inserted straight into the database, without a job: each process's periodic sweep finds
    // it due (its end is within the lead time), so both run it.
    const id = await cluster.auction(seller.id, 10 * 60);
    await cluster.db.query(`INSERT INTO auction_watches (auction_id, user_id) VALUES ($1, $2)`, [id, watcher.id]);
    const count = async () =>
      (
        await cluster.db.query(
          `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'ending_soon'`,
          [watcher.id],
        )
      )[0].n as number;
    await eventually(async () => (await count()) > 0 && seenA.length > 0 && seenB.length > 0, 45_000);
    // Long enough for a duplicate from the other process to arrive, if there were one.
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await count()).toBe(1);
    // One notice, reaching the member's sockets on both processes once (the Redis adapter).
    expect(seenA.map((p) => p.notification?.auctionId)).toEqual([id]);
    expect(seenB.map((p) => p.notification?.auctionId)).toEqual([id]);
    const res = await fetch(`${b.url}/api/notifications`, { headers: watcher.headers });
    const body = (await res.json()) as NotificationsResult;
    expect(body.notifications.map((n) => n.auctionId)).toEqual([id]);
  }, 90_000);

  it('a member outbid on both processes while the notice waits gets one outbid notice', async () => {
    const seller = await cluster.member('بائع');
    const [first, x, y] = await Promise.all(['سابق', 'س', 'ص'].map((n) => cluster.member(n)));
    const [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    const id = await cluster.auction(seller.id, 3600);
    const bid = async (on: { url: string }, who: { headers: Record<string, string> }, amount: number) => {
      const res = await fetch(`${on.url}/api/auctions/${id}/bid`, {
        method: 'POST',
        headers: who.headers,
        body: JSON.stringify({ amount }),
      });
      expect(res.status).toBe(200);
    };
    await bid(a, first, 11);
    // Outbid by a bid on each process, then more: both processes ask for the same notice.
    await bid(b, x, 12);
    await bid(a, y, 13);
    await bid(b, x, 14);
    const outbids = async () =>
      (
        await cluster.db.query(
          `SELECT (payload->>'amountFils')::int AS fils FROM notifications WHERE user_id = $1 AND kind = 'outbid'`,
          [first.id],
        )
      ).map((r: { fils: number }) => r.fils);
    await eventually(async () => (await outbids()).length > 0, 20_000);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await outbids()).toEqual([14_000]);
  }, 90_000);
});
