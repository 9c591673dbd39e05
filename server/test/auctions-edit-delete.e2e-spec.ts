import { EventBus, ofType } from '@nestjs/cqrs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Subscription } from 'rxjs';
import { DataSource } from 'typeorm';
import { AuctionDeletedEvent } from '../src/auctions/events/auction-deleted.event';
import { AuctionEditedEvent } from '../src/auctions/events/auction-edited.event';
import { pngImage, postAuction, recordBid, storedFiles, validAuctionFields } from './support/auction-forms';
import { eventually } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

describe('auctions: edit (PUT) and delete (DELETE /api/auctions/{id})', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let stranger: TestUser;
  let bidder: TestUser;
  let admin: TestUser;
  let png: Buffer;
  const events: (AuctionEditedEvent | AuctionDeletedEvent)[] = [];
  let subscription: Subscription;

  beforeAll(async () => {
    // One seller lists far more auctions here than the creation limit allows (that limit has
    // its own suite: security/abuse-rate-limits).
    t = await startTestApp({ RATE_LIMITS: 'off' });
    db = t.app.get(DataSource);
    [seller, stranger, bidder, admin] = await Promise.all([
      createUser(t, { name: 'البائع' }),
      createUser(t, { name: 'غريب' }),
      createUser(t, { name: 'مزايد' }),
      createUser(t, { name: 'المشرف', isAdmin: true, adminSession: true }),
    ]);
    png = await pngImage();
    subscription = t.app
      .get(EventBus)
      .pipe(ofType(AuctionEditedEvent, AuctionDeletedEvent))
      .subscribe((e) => events.push(e));
  });
  afterAll(async () => {
    subscription.unsubscribe();
    await t.close();
  });

  async function listAuction(fields: Record<string, string> = {}, images = 1) {
    const res = await postAuction(t, seller, { ...validAuctionFields(), ...fields }, Array(images).fill(png)).expect(
      201,
    );
    return res.body as { _id: string; images: string[]; endTime: string; startTime: string };
  }

  const editBody = (images?: string[]) => ({
    title: 'ساعة يد معدّلة',
    description: 'وصف جديد بعد التعديل',
    category: 'ملابس',
    auctionDuration: '24h',
    startingPrice: 150.5,
    buyNowPrice: 300,
    ...(images ? { images } : {}),
  });

  const put = (id: string, who: TestUser | null, body: object) => {
    const req = t.http().put(`/api/auctions/${id}`);
    return (who ? req.set(who.auth) : req).send(body);
  };
  const del = (id: string, who: TestUser | null) => {
    const req = t.http().delete(`/api/auctions/${id}`);
    return who ? req.set(who.auth) : req;
  };
  const fileOf = (url: string) => join(t.config.uploadDir, url.replace('/uploads/', ''));
  /**
   * Opens a transaction that records a bid (row + bid_count) and holds the auction's row lock,
   * starts `request`, waits until its write statement (`sqlStart`) is blocked on that lock (so
   * its first read saw no bid), then commits the bid and returns the request's answer.
   */
  async function whileBidIsInFlight<T>(auctionId: string, sqlStart: string, request: () => PromiseLike<T>): Promise<T> {
    const tx = db.createQueryRunner();
    await tx.connect();
    await tx.startTransaction();
    try {
      await tx.query(`INSERT INTO bids (auction_id, bidder_id, amount_fils) VALUES ($1, $2, 999000)`, [
        auctionId,
        bidder.user.id,
      ]);
      await tx.query(`UPDATE auctions SET bid_count = bid_count + 1, current_price_fils = 999000 WHERE id = $1`, [
        auctionId,
      ]);
      const pending = Promise.resolve(request());
      await eventually(async () => {
        const rows = await db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND ltrim(query) LIKE $1 || '%' AND datname = current_database()`,
          [sqlStart],
        );
        return rows.length > 0;
      });
      await tx.commitTransaction();
      return await pending;
    } catch (err) {
      if (tx.isTransactionActive) await tx.rollbackTransaction();
      throw err;
    } finally {
      await tx.release();
    }
  }
  const upload = async () =>
    (await t.http().post('/api/upload/images').set(seller.auth).attach('image', png, 'n.png').expect(201)).body
      .imageUrl as string;

  describe('edit', () => {
    it('the seller edits once: fields, prices, category alias; answers { success, message, auction }', async () => {
      const a = await listAuction();
      const res = await put(a._id, seller, editBody()).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'تم تحديث المزاد بنجاح',
        auction: {
          _id: a._id,
          title: 'ساعة يد معدّلة',
          description: 'وصف جديد بعد التعديل',
          category: 'أزياء',
          startingPrice: 150.5,
          currentPrice: 150.5,
          buyNowPrice: 300,
          hasBeenEdited: true,
          images: a.images,
          status: 'نشط',
        },
      });
      // Same duration: the end does not move.
      expect(res.body.auction.endTime).toBe(a.endTime);
      expect(events.some((e) => e instanceof AuctionEditedEvent && e.auctionId === a._id)).toBe(true);

      const again = await put(a._id, seller, editBody()).expect(400);
      expect(again.body).toMatchObject({
        code: 'AUCTION_ALREADY_EDITED',
        message: 'لا يمكن تعديل المزاد إلا مرة واحدة فقط',
      });
    });

    it('a new duration restarts the clock from now (never earlier than now)', async () => {
      const a = await listAuction({ auctionDuration: '7d' });
      const before = Date.now();
      const res = await put(a._id, seller, { ...editBody(), auctionDuration: '1h' }).expect(200);
      const end = new Date(res.body.auction.endTime).getTime();
      expect(end).toBeGreaterThanOrEqual(before + 3600_000 - 5_000);
      expect(end).toBeLessThanOrEqual(Date.now() + 3600_000 + 5_000);
      expect(res.body.auction.auctionDuration).toBe('1h');
      expect(res.body.auction.startTime).toBe(a.startTime);
      const event = events.find(
        (e): e is AuctionEditedEvent => e instanceof AuctionEditedEvent && e.auctionId === a._id,
      );
      expect(event!.endTime.toISOString()).toBe(res.body.auction.endTime);
    });

    it('can remove the buy-now price', async () => {
      const a = await listAuction({ buyNowPrice: '500' });
      const res = await put(a._id, seller, { ...editBody(), buyNowPrice: null }).expect(200);
      expect(res.body.auction).toMatchObject({ buyNowPrice: null, hasBuyNow: false });
    });

    it('applies the create rules with Arabic messages naming the field', async () => {
      const a = await listAuction();
      const cases: [object, string, string][] = [
        [{ title: '' }, 'title', 'عنوان المزاد مطلوب'],
        [{ title: 'ع'.repeat(101) }, 'title', 'يجب أن يكون العنوان أقل من 100 حرف'],
        [{ description: 'و'.repeat(1001) }, 'description', 'يجب أن يكون الوصف أقل من 1000 حرف'],
        [{ category: 'غير موجود' }, 'category', 'فئة المزاد غير صالحة'],
        [{ auctionDuration: '5m' }, 'auctionDuration', 'مدة المزاد غير صالحة'],
        [{ startingPrice: 0.5 }, 'startingPrice', 'يجب أن يكون السعر دينار واحد على الأقل'],
        [{ startingPrice: 2.0001 }, 'startingPrice', 'يجب ألا يتجاوز السعر الابتدائي 3 منازل عشرية'],
        [{ buyNowPrice: 150.5 }, 'buyNowPrice', 'يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي'],
      ];
      for (const [override, field, message] of cases) {
        const res = await put(a._id, seller, { ...editBody(), ...override }).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
        expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
      }
      // None of the refused edits used up the one edit.
      await put(a._id, seller, editBody()).expect(200);
    });

    it('images: keeps current ones when omitted or empty, takes uploads, removes released files', async () => {
      const a = await listAuction({}, 2);
      const kept = await put(a._id, seller, { ...editBody(), images: [] }).expect(200);
      expect(kept.body.auction.images).toEqual(a.images);

      const b = await listAuction({}, 2);
      const fresh = await upload();
      const res = await put(b._id, seller, editBody([b.images[1], fresh])).expect(200);
      expect(res.body.auction.images).toEqual([b.images[1], fresh]);
      expect(existsSync(fileOf(b.images[0]))).toBe(false);
      expect(existsSync(fileOf(b.images[1]))).toBe(true);
      expect(existsSync(fileOf(fresh))).toBe(true);
    });

    it('images: only our stored uploads, at most 3', async () => {
      const a = await listAuction();
      const other = await listAuction();
      const refused: [string[], string, number][] = [
        [['https://example.com/photo.jpg'], 'VALIDATION_ERROR', 400],
        [['/uploads/../../etc/passwd'], 'VALIDATION_ERROR', 400],
        [['/uploads/0123456789abcdef0123456789abcdef.webp'], 'VALIDATION_ERROR', 400], // well-formed, no such file
        [[other.images[0]], 'IMAGE_NOT_OWNED', 403], // another auction's photo (its own, even of this seller)
        [[a.images[0], await upload(), await upload(), await upload()], 'TOO_MANY_IMAGES', 400],
      ];
      for (const [images, code, status] of refused) {
        const res = await put(a._id, seller, editBody(images)).expect(status);
        expect(res.body.code).toBe(code);
        expect(res.body.errors?.[0]?.field).toBe('images');
      }
      await put(a._id, seller, editBody(['not a url', 5] as unknown as string[])).expect(400);
    });

    it('a stranger → 403 NOT_AUCTION_OWNER; signed out → 401; unknown → 404; bad id → 400', async () => {
      const a = await listAuction();
      const res = await put(a._id, stranger, editBody()).expect(403);
      expect(res.body).toMatchObject({ code: 'NOT_AUCTION_OWNER', message: 'لا يمكنك تعديل مزاد لا تملكه' });
      await put(a._id, admin, editBody()).expect(403);
      await put(a._id, null, editBody()).expect(401);
      const missing = await put('7b0c6f52-2a43-4d6e-9a8a-0d7b8c1f2e3d', seller, editBody()).expect(404);
      expect(missing.body.code).toBe('AUCTION_NOT_FOUND');
      const bad = await put('not-a-uuid', seller, editBody()).expect(400);
      expect(bad.body.code).toBe('INVALID_ID');
    });

    it('after a bid → 400 AUCTION_HAS_BIDS', async () => {
      const a = await listAuction();
      await recordBid(t, a._id, bidder, 120);
      const res = await put(a._id, seller, editBody()).expect(400);
      expect(res.body).toMatchObject({ code: 'AUCTION_HAS_BIDS' });
    });

    it('an ended auction → 400 AUCTION_NOT_EDITABLE (ended status, or past its end before the end job ran)', async () => {
      const ended = await listAuction();
      await db.query(`UPDATE auctions SET status = 'غير مباع', ended_at = now() WHERE id = $1`, [ended._id]);
      const res = await put(ended._id, seller, editBody()).expect(400);
      expect(res.body).toMatchObject({ code: 'AUCTION_NOT_EDITABLE', message: 'لا يمكن تعديل مزاد غير نشط' });

      const overdue = await listAuction();
      await db.query(`UPDATE auctions SET end_time = now() - interval '1 second' WHERE id = $1`, [overdue._id]);
      expect((await put(overdue._id, seller, editBody()).expect(400)).body.code).toBe('AUCTION_NOT_EDITABLE');
    });

    it('two simultaneous edits: exactly one wins', async () => {
      const a = await listAuction();
      const results = await Promise.all([
        put(a._id, seller, editBody()),
        put(a._id, seller, { ...editBody(), title: 'عنوان آخر' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(results.find((r) => r.status === 400)!.body.code).toBe('AUCTION_ALREADY_EDITED');
    });

    it('a bid committed between the first read and the write: the conditional UPDATE matches no row', async () => {
      const a = await listAuction();
      const res = await whileBidIsInFlight(a._id, 'UPDATE auctions SET', () => put(a._id, seller, editBody()));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('AUCTION_HAS_BIDS');
      const [row] = await db.query(`SELECT has_been_edited, title FROM auctions WHERE id = $1`, [a._id]);
      expect(row).toEqual({ has_been_edited: false, title: 'ساعة يد كلاسيكية' });
    });
  });

  describe('delete', () => {
    it('the seller deletes an auction without bids: row and image files gone, 404 afterwards', async () => {
      const a = await listAuction({}, 2);
      const res = await del(a._id, seller).expect(200);
      expect(res.body).toEqual({ success: true, message: 'تم حذف المزاد بنجاح' });
      expect(await db.query(`SELECT 1 FROM auctions WHERE id = $1`, [a._id])).toHaveLength(0);
      for (const url of a.images) expect(existsSync(fileOf(url))).toBe(false);
      await t.http().get(`/api/auctions/${a._id}`).expect(404);
      expect(events.some((e) => e instanceof AuctionDeletedEvent && e.auctionId === a._id)).toBe(true);
      await del(a._id, seller).expect(404);
    });

    it('a stranger → 403; signed out → 401; bad id → 400; unknown → 404', async () => {
      const a = await listAuction();
      const res = await del(a._id, stranger).expect(403);
      expect(res.body.code).toBe('NOT_AUCTION_OWNER');
      await del(a._id, null).expect(401);
      expect((await del('123', seller).expect(400)).body.code).toBe('INVALID_ID');
      expect((await del('7b0c6f52-2a43-4d6e-9a8a-0d7b8c1f2e3d', seller).expect(404)).body.code).toBe(
        'AUCTION_NOT_FOUND',
      );
      // An admin account without an admin-login session is an ordinary member here.
      const plainAdmin = await createUser(t, { isAdmin: true, adminSession: false });
      await del(a._id, plainAdmin).expect(403);
      await t.http().get(`/api/auctions/${a._id}`).expect(200);
    });

    it('after bids → 400 AUCTION_HAS_BIDS, nothing removed', async () => {
      const a = await listAuction();
      await recordBid(t, a._id, bidder, 110);
      const res = await del(a._id, seller).expect(400);
      expect(res.body.code).toBe('AUCTION_HAS_BIDS');
      await t.http().get(`/api/auctions/${a._id}`).expect(200);
      expect(existsSync(fileOf(a.images[0]))).toBe(true);
    });

    it('a bid committed between the first read and the DELETE: the conditional DELETE matches no row', async () => {
      const a = await listAuction();
      const res = await whileBidIsInFlight(a._id, 'DELETE FROM auctions', () => del(a._id, seller));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('AUCTION_HAS_BIDS');
      expect(await db.query(`SELECT 1 FROM auctions WHERE id = $1`, [a._id])).toHaveLength(1);
      expect(existsSync(fileOf(a.images[0]))).toBe(true);
    });

    it('a sold auction without bids (bought now) cannot be deleted by its seller', async () => {
      const a = await listAuction({ buyNowPrice: '200' });
      await db.query(
        `UPDATE auctions SET status = 'مباع', winner_id = $2, current_price_fils = 200000, ended_at = now() WHERE id = $1`,
        [a._id, bidder.user.id],
      );
      const res = await del(a._id, seller).expect(400);
      expect(res.body.code).toBe('AUCTION_NOT_DELETABLE');
    });

    it('an admin session deletes even with bids: soft (محذوف), bids kept, hidden from members', async () => {
      const a = await listAuction();
      await recordBid(t, a._id, bidder, 130);
      const res = await del(a._id, admin).expect(200);
      expect(res.body.success).toBe(true);
      const [row] = await db.query(`SELECT status, ended_at FROM auctions WHERE id = $1`, [a._id]);
      expect(row.status).toBe('محذوف');
      expect(row.ended_at).not.toBeNull();
      expect(await db.query(`SELECT 1 FROM bids WHERE auction_id = $1`, [a._id])).toHaveLength(1);
      expect(existsSync(fileOf(a.images[0]))).toBe(true);
      expect(events.some((e) => e instanceof AuctionDeletedEvent && e.auctionId === a._id)).toBe(true);

      expect((await t.http().get(`/api/auctions/${a._id}`).expect(404)).body.code).toBe('AUCTION_NOT_FOUND');
      await t.http().get(`/api/auctions/${a._id}`).set(seller.auth).expect(404);
      const seen = await t.http().get(`/api/auctions/${a._id}`).set(admin.auth).expect(200);
      expect(seen.body.status).toBe('محذوف');
      // Nobody edits or deletes it any more; an admin's repeat is a no-op.
      await put(a._id, seller, editBody()).expect(404);
      await del(a._id, seller).expect(404);
      await del(a._id, admin).expect(200);
    });

    it('a deleted auction disappears from lists', async () => {
      const a = await listAuction();
      await del(a._id, admin).expect(200);
      const list = await t.http().get('/api/auctions').query({ userId: seller.user.id, limit: 100 }).expect(200);
      expect(list.body.auctions.map((x: { _id: string }) => x._id)).not.toContain(a._id);
      const mine = await t.http().get(`/api/auctions/user/${seller.user.id}`).expect(200);
      expect(mine.body.auctions.map((x: { _id: string }) => x._id)).not.toContain(a._id);
    });

    it('storage stays consistent: no stray files after all of the above', async () => {
      const referenced = new Set<string>(
        (await db.query(`SELECT unnest(images) AS url FROM auctions`)).map((r: { url: string }) =>
          r.url.replace('/uploads/', ''),
        ),
      );
      const unreferenced = storedFiles(t).filter((f) => !referenced.has(f));
      // Only uploads that were never attached (the 4-image refusal above) may remain.
      expect(unreferenced.length).toBeLessThanOrEqual(3);
    });
  });
});
