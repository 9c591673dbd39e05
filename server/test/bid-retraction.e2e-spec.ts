import { randomUUID } from 'node:crypto';
import { answerMaxima, ERRORS, liveViewOrder, type StandingMax } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { connectSocket, joinAuction } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-BID-RETRACT and R-BID-OPERATOR-CANCEL on real PostgreSQL and Redis
 * (docs/adr/0017-bid-retraction-and-typed-bids.md): a member takes their own typo back within the
 * hour, not from before the auction's last 12 hours, at most 3 times in 30 days (counted from the
 * stored record, also under parallel retractions); an operator cancels one bid, recorded and told
 * to the bidder. Both run in the auction's bid order and reprice it: the bids taken back and the
 * maximums' answers since are cancelled (kept), the member's maximum withdrawn, and the price
 * becomes what the remaining bids and maximums make it, also under a storm of parallel bids and
 * maximums. Prices stay between 10 and 100 JOD (step 1 JOD) unless a test says otherwise.
 */
describe('taking a bid back: the member’s retraction, the operator’s cancel', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;
  let seller: TestUser;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true, name: 'المشرف' });
    seller = await createUser(t, { name: 'البائع' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const member = (name: string) => createUser(t, { name });
  /** An auction ending in two days (far from its last hours) unless told otherwise. */
  const auction = (startingPrice = 10, endsInSeconds = 48 * 3600) =>
    createAuction(t, seller, { startingPrice, endsInSeconds });
  const bid = (auctionId: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${auctionId}/bid`).set(who.auth).set('Idempotency-Key', randomUUID()).send({ amount });
  const placed = async (auctionId: string, who: TestUser, amount: number): Promise<string> =>
    (await bid(auctionId, who, amount).expect(200)).body.bid._id;
  const setMax = (auctionId: string, who: TestUser, amount: number) =>
    t.http().put(`/api/auctions/${auctionId}/max-bid`).set(who.auth).send({ amount });
  const retract = (auctionId: string, bidId: string, who: TestUser, reason: unknown = 'wrong_amount') =>
    t.http().post(`/api/auctions/${auctionId}/bids/${bidId}/retract`).set(who.auth).send({ reason });
  const cancel = (bidId: string, who: TestUser, reason: unknown = 'أكد العضو أن المبلغ خطأ في الكتابة') =>
    t.http().post(`/api/admin/bids/${bidId}/cancel`).set(who.auth).send({ reason });

  /** The bids in order: [bidder, amount JOD, automatic, cancelled]. */
  async function history(auctionId: string) {
    const rows: { bidder_id: string; amount_fils: string; is_automatic: boolean; is_cancelled: boolean }[] =
      await db.query(
        `SELECT bidder_id, amount_fils, is_automatic, is_cancelled FROM bids WHERE auction_id = $1 ORDER BY seq`,
        [auctionId],
      );
    return rows.map((r) => [r.bidder_id, Number(r.amount_fils) / 1000, r.is_automatic, r.is_cancelled] as const);
  }
  const records = (auctionId: string) =>
    db.query(
      `SELECT bid_id, bidder_id, kind, reason, cancelled_by, cancelled_bids, price_before_fils, price_after_fils
         FROM bid_cancellations WHERE auction_id = $1 ORDER BY created_at`,
      [auctionId],
    );
  const maximaOf = async (auctionId: string): Promise<StandingMax[]> =>
    (await db.query(`SELECT user_id, amount_fils, seq FROM max_bids WHERE auction_id = $1`, [auctionId])).map(
      (m: { user_id: string; amount_fils: string; seq: string }) => ({
        userId: m.user_id,
        amountFils: Number(m.amount_fils),
        order: Number(m.seq),
      }),
    );
  /** Moves a stored bid back in time (a test cannot wait an hour). */
  const placedAgo = (bidId: string, minutes: number) =>
    db.query(`UPDATE bids SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [bidId, minutes]);

  /**
   * The engine's invariants on the stored auction: standing bids strictly rise, the price is the
   * last of them (the starting price without any), every bid placed is counted (the cancelled
   * ones too: the count only grows), no automatic bid above
   * its owner's maximum, and the remaining maximums have nothing left to answer (the price is
   * what the remaining bids and maximums make it). Answers the price and the standing bids.
   */
  async function expectConsistent(auctionId: string) {
    const all = await history(auctionId);
    const standing = all.filter(([, , , cancelled]) => !cancelled);
    standing.forEach(([, amount], i) => i > 0 && expect(amount).toBeGreaterThan(standing[i - 1][1]));
    const row = await reloadAuction(t, auctionId);
    const last = standing[standing.length - 1];
    expect(row.currentPriceFils).toBe(last ? last[1] * 1000 : row.startingPriceFils);
    expect(row.bidCount).toBe(all.length);
    const maxima = await maximaOf(auctionId);
    for (const [who, amount, automatic] of standing) {
      if (automatic)
        expect(amount * 1000).toBeLessThanOrEqual(maxima.find((m) => m.userId === who)?.amountFils ?? Infinity);
    }
    const answer = answerMaxima({ priceFils: row.currentPriceFils, leaderId: last?.[0] ?? null }, maxima);
    expect(answer.bids).toEqual([]);
    return { priceFils: row.currentPriceFils, leader: last?.[0] ?? null, standing };
  }

  describe('the member’s retraction (R-BID-RETRACT)', () => {
    it('takes the typo back: cancelled and kept, the maximums’ answers to it too, the price falls back to what the rest makes it; recorded; watchers hear it', async () => {
      const [amal, bilal, typo] = await Promise.all(['أمل', 'بلال', 'صاحب الخطأ'].map(member));
      const a = await auction(10);
      await setMax(a.id, amal, 60).expect(200); // amal leads at 11
      await bid(a.id, bilal, 20).expect(200); // answered by amal at 21
      const typoBid = await placed(a.id, typo, 90); // over amal's maximum
      await setMax(a.id, typo, 95).expect(200); // silent: they lead
      await setMax(a.id, bilal, 99).expect(200); // bilal's maximum answers the typo's at 96
      expect((await reloadAuction(t, a.id)).currentPriceFils).toBe(96_000);

      const watcher = await connectSocket(t.url, bilal.token);
      sockets.push(watcher);
      await joinAuction(watcher, a.id);
      const heard: { event: string; price?: number }[] = [];
      watcher.onAny((event, payload) => heard.push({ event, price: payload?.auction?.currentPrice }));

      const res = await retract(a.id, typoBid, typo).expect(200);
      // Without the typo (and what answered it): amal's 21 stands highest; bilal's maximum (99)
      // answers it over amal's maximum (60): 61.
      expect(await history(a.id)).toEqual([
        [amal.user.id, 11, true, false],
        [bilal.user.id, 20, false, false],
        [amal.user.id, 21, true, false],
        [typo.user.id, 90, false, true],
        [bilal.user.id, 96, true, true],
        [bilal.user.id, 61, true, false],
      ]);
      expect(res.body).toMatchObject({ success: true, auction: { _id: a.id, currentPrice: 61, bidCount: 6 } });
      expect(res.body.message).toContain('تم سحب مزايدتك');
      expect((await maximaOf(a.id)).some((m) => m.userId === typo.user.id)).toBe(false);
      await expectConsistent(a.id);
      expect(await records(a.id)).toEqual([
        {
          bid_id: typoBid,
          bidder_id: typo.user.id,
          kind: 'retraction',
          reason: 'wrong_amount',
          cancelled_by: typo.user.id,
          cancelled_bids: 2,
          price_before_fils: '96000',
          price_after_fils: '61000',
        },
      ]);
      await eventually(async () => heard.some((h) => h.event === 'auction_updated' && h.price === 61));
      // The page shows the bids taken back as such.
      const page = await t.http().get(`/api/auctions/${a.id}`).expect(200);
      const shown = (page.body.auction ?? page.body).bids.find((b: { _id: string }) => b._id === typoBid);
      expect(shown).toMatchObject({ isCancelled: true });
    });

    it('the member’s bids before the typo stand; without any other bid the starting price comes back', async () => {
      const who = await member('يصحح');
      const a = await auction(10);
      await placed(a.id, who, 12);
      const typoBid = await placed(a.id, who, 100); // 100 for 10.0
      await retract(a.id, typoBid, who).expect(200);
      expect((await expectConsistent(a.id)).priceFils).toBe(12_000);
      const alone = await auction(10);
      const only = await placed(alone.id, who, 50);
      await retract(alone.id, only, who).expect(200);
      expect(await reloadAuction(t, alone.id)).toMatchObject({ currentPriceFils: 10_000, bidCount: 1 });
    });

    it('refuses each rule with its own code, writes nothing', async () => {
      const [owner, other] = await Promise.all([member('صاحب'), member('آخر')]);
      const code = async (res: Promise<{ status: number; body: { code: string; message: string } }>) => {
        const { status, body } = await res;
        expect(ERRORS[body.code as keyof typeof ERRORS]?.status).toBe(status);
        return body.code;
      };
      const a = await auction(10);
      const own = await placed(a.id, owner, 20);
      // Another member's bid, a bid of another auction, a missing one, a bad reason.
      expect(await code(retract(a.id, own, other))).toBe('BID_NOT_YOURS');
      const b = await auction(10);
      expect(await code(retract(b.id, own, owner))).toBe('BID_NOT_FOUND');
      expect(await code(retract(a.id, randomUUID(), owner))).toBe('BID_NOT_FOUND');
      expect(await code(retract(a.id, own, owner, 'changed_my_mind'))).toBe('VALIDATION_ERROR');
      expect(await code(retract(a.id, 'not-an-id', owner))).toBe('INVALID_ID');
      // Past the hour.
      await placedAgo(own, 61);
      expect(await code(retract(a.id, own, owner))).toBe('BID_RETRACT_WINDOW_PASSED');
      // In the last 12 hours, a bid placed before them (45 minutes ago, the last hours began 30 ago) …
      const closing = await auction(10, 11.5 * 3600);
      const early = await placed(closing.id, owner, 20);
      await placedAgo(early, 45);
      expect(await code(retract(closing.id, early, owner))).toBe('BID_RETRACT_LAST_HOURS');
      // … while one placed in them (20 minutes ago) is taken back.
      const late = await placed(closing.id, owner, 30);
      await placedAgo(late, 20);
      await retract(closing.id, late, owner).expect(200);
      // Already taken back.
      expect(await code(retract(closing.id, late, owner))).toBe('BID_ALREADY_CANCELLED');
      // The auction closed (sold) or past its end.
      const sold = await auction(10);
      const onSold = await placed(sold.id, owner, 20);
      await db.query(`UPDATE auctions SET status = 'مباع', winner_id = $2 WHERE id = $1`, [sold.id, owner.user.id]);
      expect(await code(retract(sold.id, onSold, owner))).toBe('AUCTION_NOT_OPEN');
      const over = await auction(10);
      const onOver = await placed(over.id, owner, 20);
      await db.query(`UPDATE auctions SET end_time = now() - interval '1 second' WHERE id = $1`, [over.id]);
      expect(await code(retract(over.id, onOver, owner))).toBe('AUCTION_ENDED');
      // Signed out.
      expect(
        (await t.http().post(`/api/auctions/${a.id}/bids/${own}/retract`).send({ reason: 'wrong_amount' })).status,
      ).toBe(401);
      // Only the one retraction above is on record; the refused bids stand.
      expect((await records(a.id)).length + (await records(closing.id)).length).toBe(1);
      expect((await history(a.id)).every(([, , , cancelled]) => !cancelled)).toBe(true);
    });

    it('at most 3 retractions in 30 days, counted from the record, even when sent in parallel on five auctions', async () => {
      const who = await member('كثير السحب');
      const auctions = await Promise.all(Array.from({ length: 5 }, () => auction(10)));
      const bids = await Promise.all(auctions.map((a) => placed(a.id, who, 20)));
      const answers = await Promise.all(auctions.map((a, i) => retract(a.id, bids[i], who)));
      const codes = answers.map((r) => (r.status === 200 ? 'ok' : r.body.code)).sort();
      expect(codes).toEqual(['BID_RETRACT_MONTHLY_LIMIT', 'BID_RETRACT_MONTHLY_LIMIT', 'ok', 'ok', 'ok']);
      const refused = answers.find((r) => r.status !== 200)!;
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ERRORS.BID_RETRACT_MONTHLY_LIMIT.message);
      const [{ n }] = await db.query(
        `SELECT count(*)::int AS n FROM bid_cancellations WHERE bidder_id = $1 AND kind = 'retraction'`,
        [who.user.id],
      );
      expect(n).toBe(3);
      // Where it was refused, the bid stands and the price is the member's.
      for (const [i, r] of answers.entries()) {
        const row = await reloadAuction(t, auctions[i].id);
        expect(row.currentPriceFils).toBe(r.status === 200 ? 10_000 : 20_000);
      }
      // A retraction older than 30 days no longer counts.
      await db.query(
        `UPDATE bid_cancellations SET created_at = now() - interval '31 days'
          WHERE id = (SELECT id FROM bid_cancellations WHERE bidder_id = $1 ORDER BY created_at LIMIT 1)`,
        [who.user.id],
      );
      const i = answers.findIndex((r) => r.status !== 200);
      await retract(auctions[i].id, bids[i], who).expect(200);
    });

    it('under a storm of parallel bids and maximums: judged in order, the invariants hold, the member holds no price, every accepted bid stored once, watchers hear the final price', async () => {
      const a = await auction(10);
      const typo = await member('صاحب الخطأ');
      // Ten members: each holds at most 10 requests in the auction's queue (R-BID-BUSY).
      const crowd = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`مزايد ${i + 1}`)));
      // Before: one standing bid and a maximum (answering at 13), then the typo and its maximum.
      await bid(a.id, crowd[0], 12).expect(200);
      await setMax(a.id, crowd[1], 30).expect(200);
      const typoBid = await placed(a.id, typo, 25); // answered by crowd[1]'s maximum at 26
      await setMax(a.id, typo, 28).expect(200); // answered at 29

      const watcher = await connectSocket(t.url, crowd[9].token);
      sockets.push(watcher);
      await joinAuction(watcher, a.id);
      // The watcher keeps its copy as a client does (R-SOCKET-CONTRACT): a full auction unless its
      // count is behind the copy's, a live view by liveViewOrder (a window's new_bid may be sent
      // after a correction's auction_updated; its seq tells it is older).
      const copy = { count: 0, price: 0 };
      watcher.onAny((event, payload) => {
        const auction = payload?.auction;
        if (auction?._id !== a.id) return;
        if (event === 'new_bid' && liveViewOrder(copy.count, auction) === 'stale') return;
        const count = event === 'new_bid' ? auction.seq : auction.bidCount;
        if (count < copy.count) return;
        Object.assign(copy, { count, price: auction.currentPrice });
      });

      // 50 manual bids from 14 to 63, sent rising (they arrive nearly so) with three maximums, the
      // retraction sent in the middle: bids are accepted before it (over the typo's price) and after it.
      type Answer = { kind: string; status: number; body: { bid?: { _id: string } } };
      const as = (kind: string) => (r: { status: number; body: Answer['body'] }) => ({
        kind,
        status: r.status,
        body: r.body,
      });
      const amounts = Array.from({ length: 50 }, (_, i) => 14 + i);
      const sends: (() => Promise<Answer>)[] = amounts.map(
        (amount, i) => () => bid(a.id, crowd[i % 9], amount).then(as('bid')),
      );
      sends.splice(25, 0, () => retract(a.id, typoBid, typo).then(as('retract')));
      sends.splice(15, 0, () => setMax(a.id, crowd[2], 48).then(as('max')));
      sends.splice(30, 0, () => setMax(a.id, crowd[3], 52).then(as('max')));
      sends.splice(45, 0, () => setMax(a.id, crowd[1], 70).then(as('max')));
      const answers = await Promise.all(sends.map((send) => send()));

      const retraction = answers.find((x) => x.kind === 'retract')!;
      expect(retraction.status).toBe(200);
      for (const x of answers) expect([200, 400, 409]).toContain(x.status);
      const { priceFils, leader, standing } = await expectConsistent(a.id);
      // The member holds no price: none of their bids stands, their maximum is gone.
      expect(standing.some(([who]) => who === typo.user.id)).toBe(false);
      expect(leader).not.toBe(typo.user.id);
      expect((await maximaOf(a.id)).some((m) => m.userId === typo.user.id)).toBe(false);
      // Every accepted bid stored once, standing (only the typo and the maximums' answers to it were taken back).
      const accepted = answers.filter((x) => x.kind === 'bid' && x.status === 200).map((x) => x.body.bid!._id);
      const rows: { id: string; is_cancelled: boolean }[] = await db.query(
        `SELECT id, is_cancelled FROM bids WHERE id = ANY($1::uuid[])`,
        [accepted],
      );
      expect(rows).toHaveLength(accepted.length);
      expect(rows.every((r) => !r.is_cancelled)).toBe(true);
      const manualStanding = standing.filter(([who, , automatic]) => !automatic && who !== typo.user.id).length;
      expect(manualStanding).toBe(accepted.length + 1); // and crowd[0]'s first 12
      // One record of it.
      expect(await records(a.id)).toEqual([expect.objectContaining({ kind: 'retraction', bid_id: typoBid })]);
      // Watchers end on the final price.
      await eventually(async () => copy.price === priceFils / 1000);
    });
  });

  describe('the operator’s cancel (R-BID-OPERATOR-CANCEL)', () => {
    it('cancels one bid: repriced in the auction’s order, recorded with the operator and the reason, the bidder told why', async () => {
      const [amal, bilal] = await Promise.all([member('أمل'), member('بلال')]);
      const a = await auction(10);
      await setMax(a.id, amal, 50).expect(200); // 11
      const bilals = await placed(a.id, bilal, 80); // an old bid, long past any retraction window
      await placedAgo(bilals, 600);
      const bell = await connectSocket(t.url, bilal.token);
      sockets.push(bell);
      const notices: { notification: { kind: string; body: string } | null }[] = [];
      bell.on('notification', (n) => notices.push(n));

      const reason = 'طلب العضو إلغاء مزايدة أُدخلت بالخطأ';
      const res = await cancel(bilals, admin, reason).expect(200);
      expect(res.body).toMatchObject({ success: true, auction: { currentPrice: 11, bidCount: 2 } });
      expect(await history(a.id)).toEqual([
        [amal.user.id, 11, true, false],
        [bilal.user.id, 80, false, true],
      ]);
      await expectConsistent(a.id);
      expect(await records(a.id)).toEqual([
        {
          bid_id: bilals,
          bidder_id: bilal.user.id,
          kind: 'operator',
          reason,
          cancelled_by: admin.user.id,
          cancelled_bids: 1,
          price_before_fils: '80000',
          price_after_fils: '11000',
        },
      ]);
      // The bidder's notice, stored and live, with the reason; nobody else's.
      await eventually(async () => notices.some((n) => n.notification?.kind === 'bid_cancelled'));
      const bellList = await t.http().get('/api/notifications').set(bilal.auth).expect(200);
      const notice = bellList.body.notifications.find((n: { kind: string }) => n.kind === 'bid_cancelled');
      expect(notice).toMatchObject({ title: 'أُلغيت مزايدتك', auctionId: a.id, amount: 80 });
      expect(notice.body).toContain(reason);
      const amals = await t.http().get('/api/notifications').set(amal.auth).expect(200);
      expect(amals.body.notifications.some((n: { kind: string }) => n.kind === 'bid_cancelled')).toBe(false);
      // Again: already cancelled.
      expect((await cancel(bilals, admin).expect(409)).body.code).toBe('BID_ALREADY_CANCELLED');
    });

    it('a cancelled automatic bid takes its maximum with it (it would place the bid again)', async () => {
      const [amal, bilal] = await Promise.all([member('أمل'), member('بلال')]);
      const a = await auction(10);
      await bid(a.id, bilal, 30).expect(200);
      await setMax(a.id, amal, 50).expect(200); // 31
      const [auto] = await db.query(`SELECT id FROM bids WHERE auction_id = $1 AND is_automatic`, [a.id]);
      await cancel(auto.id, admin).expect(200);
      expect((await maximaOf(a.id)).length).toBe(0);
      expect((await expectConsistent(a.id)).priceFils).toBe(30_000);
    });

    it('only an admin’s session; a missing bid, a bad reason and a closed auction refused', async () => {
      const who = await member('عضو');
      const a = await auction(10);
      const one = await placed(a.id, who, 20);
      expect((await cancel(one, who)).status).toBe(403);
      expect((await cancel(one, who)).body.code).toBe('ADMIN_ONLY');
      expect((await t.http().post(`/api/admin/bids/${one}/cancel`).send({ reason: 'سبب كاف' })).status).toBe(401);
      expect((await cancel(randomUUID(), admin).expect(404)).body.code).toBe('BID_NOT_FOUND');
      expect((await cancel(one, admin, '  ').expect(400)).body.code).toBe('VALIDATION_ERROR');
      await db.query(`UPDATE auctions SET status = 'مباع', winner_id = $2 WHERE id = $1`, [a.id, who.user.id]);
      expect((await cancel(one, admin).expect(409)).body.code).toBe('AUCTION_NOT_OPEN');
      expect(await records(a.id)).toEqual([]);
    });
  });
});
