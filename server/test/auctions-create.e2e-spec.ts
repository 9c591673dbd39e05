import { EventBus, ofType } from '@nestjs/cqrs';
import { Subscription } from 'rxjs';
import { DataSource } from 'typeorm';
import { AuctionCreatedEvent } from '../src/auctions/events/auction-created.event';
import { oversizedPng, pngImage, postAuction, storedFiles, validAuctionFields } from './support/auction-forms';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

describe('auctions: create (POST /api/auctions) and image upload (POST /api/upload/images)', () => {
  let t: TestApp;
  let db: DataSource;
  let seller: TestUser;
  let png: Buffer;
  const created: AuctionCreatedEvent[] = [];
  let subscription: Subscription;

  beforeAll(async () => {
    // One seller lists far more auctions here than the creation limit allows (that limit has
    // its own suite: security/abuse-rate-limits).
    t = await startTestApp({ RATE_LIMITS: 'off' });
    db = t.app.get(DataSource);
    seller = await createUser(t, { name: 'سامي البائع', location: 'إربد' });
    png = await pngImage();
    subscription = t.app
      .get(EventBus)
      .pipe(ofType(AuctionCreatedEvent))
      .subscribe((e) => created.push(e));
  });
  afterAll(async () => {
    subscription.unsubscribe();
    await t.close();
  });

  const auctionsOf = async (user: TestUser): Promise<number> =>
    Number((await db.query(`SELECT count(*) AS n FROM auctions WHERE seller_id = $1`, [user.user.id]))[0].n);

  /** Posts a form expected to be refused and checks that nothing was stored. */
  async function expectRefused(fields: Record<string, string | undefined>, files: Buffer[] = [png]) {
    const filesBefore = storedFiles(t);
    const rowsBefore = await auctionsOf(seller);
    const res = await postAuction(t, seller, fields, files);
    expect(storedFiles(t)).toEqual(filesBefore);
    expect(await auctionsOf(seller)).toBe(rowsBefore);
    return res;
  }

  describe('a valid listing', () => {
    it('answers 201 with the auction object, prices in JOD, times from the database clock', async () => {
      const before = Date.now();
      const res = await postAuction(
        t,
        seller,
        { ...validAuctionFields(), startingPrice: '100.250', buyNowPrice: '250' },
        [png, png],
      ).expect(201);
      const a = res.body;
      expect(a).toMatchObject({
        _id: expect.any(String),
        title: 'ساعة يد كلاسيكية',
        category: 'إكسسوارات',
        status: 'نشط',
        startingPrice: 100.25,
        currentPrice: 100.25,
        buyNowPrice: 250,
        hasBuyNow: true,
        auctionDuration: '24h',
        seller: { _id: seller.user.id, name: 'سامي البائع', location: 'إربد' },
        winner: null,
        bids: [],
        bidCount: 0,
        hasBeenEdited: false,
        isDealConfirmed: false,
        viewCount: 0,
      });
      expect(a.id).toBe(a._id);
      expect(a.images).toHaveLength(2);
      for (const url of a.images) expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      expect(a.imageUrl).toBe(a.images[0]);
      const start = new Date(a.startTime).getTime();
      expect(new Date(a.endTime).getTime() - start).toBe(24 * 3600 * 1000);
      expect(start).toBeGreaterThanOrEqual(before - 5_000);
      expect(start).toBeLessThanOrEqual(Date.now() + 5_000);

      const [row] = await db.query(
        `SELECT starting_price_fils, current_price_fils, buy_now_price_fils, start_time, created_at FROM auctions WHERE id = $1`,
        [a._id],
      );
      expect(row).toMatchObject({
        starting_price_fils: '100250',
        current_price_fils: '100250',
        buy_now_price_fils: '250000',
      });
      expect(row.start_time.getTime()).toBe(row.created_at.getTime());
    });

    it('serves the stored images as re-encoded WebP', async () => {
      const res = await postAuction(t, seller, validAuctionFields(), [png]).expect(201);
      const image = await t.http().get(res.body.images[0]).expect(200);
      expect(image.headers['content-type']).toBe('image/webp');
    });

    it('publishes AuctionCreatedEvent with the end time after the row is stored', async () => {
      const res = await postAuction(t, seller, validAuctionFields(), [png]).expect(201);
      const event = created.find((e) => e.auctionId === res.body._id);
      expect(event).toBeDefined();
      expect(event!.endTime.toISOString()).toBe(res.body.endTime);
    });

    it('accepts ملابس as the category أزياء', async () => {
      const res = await postAuction(t, seller, { ...validAuctionFields(), category: 'ملابس' }, [png]).expect(201);
      expect(res.body.category).toBe('أزياء');
    });

    it('has no buy-now price when none (or an empty one) is sent', async () => {
      const res = await postAuction(t, seller, { ...validAuctionFields(), buyNowPrice: '' }, [png]).expect(201);
      expect(res.body).toMatchObject({ buyNowPrice: null, hasBuyNow: false });
    });

    it('honours the configured durations', async () => {
      for (const [duration, seconds] of [
        ['1h', 3600],
        ['72h', 72 * 3600],
        ['7d', 7 * 86400],
        ['30d', 30 * 86400],
      ] as const) {
        const res = await postAuction(t, seller, { ...validAuctionFields(), auctionDuration: duration }, [png]).expect(
          201,
        );
        expect(new Date(res.body.endTime).getTime() - new Date(res.body.startTime).getTime()).toBe(seconds * 1000);
      }
    });

    it('trims the title and accepts exactly 100 characters', async () => {
      const title = 'ع'.repeat(100);
      const res = await postAuction(t, seller, { ...validAuctionFields(), title: `  ${title}  ` }, [png]).expect(201);
      expect(res.body.title).toBe(title);
    });
  });

  describe('validation (Arabic messages naming the field; nothing stored)', () => {
    const cases: [string, Record<string, string | undefined>, string, string][] = [
      ['missing title', { title: undefined }, 'title', 'عنوان المزاد مطلوب'],
      ['blank title', { title: '   ' }, 'title', 'عنوان المزاد مطلوب'],
      ['title over 100 characters', { title: 'ا'.repeat(101) }, 'title', 'يجب أن يكون العنوان أقل من 100 حرف'],
      ['missing description', { description: undefined }, 'description', 'وصف المزاد مطلوب'],
      [
        'description over 1000 characters',
        { description: 'ب'.repeat(1001) },
        'description',
        'يجب أن يكون الوصف أقل من 1000 حرف',
      ],
      ['missing category', { category: undefined }, 'category', 'فئة المزاد مطلوبة'],
      ['unknown category', { category: 'طائرات' }, 'category', 'فئة المزاد غير صالحة'],
      ['missing duration', { auctionDuration: undefined }, 'auctionDuration', 'مدة المزاد مطلوبة'],
      ['unknown duration', { auctionDuration: '2h' }, 'auctionDuration', 'مدة المزاد غير صالحة'],
      ['missing starting price', { startingPrice: undefined }, 'startingPrice', 'السعر الابتدائي مطلوب'],
      ['non-numeric starting price', { startingPrice: 'مئة' }, 'startingPrice', 'السعر الابتدائي يجب أن يكون رقماً'],
      [
        'starting price below 1 JOD',
        { startingPrice: '0.999' },
        'startingPrice',
        'يجب أن يكون السعر دينار واحد على الأقل',
      ],
      ['starting price 0', { startingPrice: '0' }, 'startingPrice', 'يجب أن يكون السعر دينار واحد على الأقل'],
      [
        'starting price with 4 decimals',
        { startingPrice: '10.1234' },
        'startingPrice',
        'يجب ألا يتجاوز السعر الابتدائي 3 منازل عشرية',
      ],
      [
        'buy-now equal to the starting price',
        { buyNowPrice: '100' },
        'buyNowPrice',
        'يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي',
      ],
      [
        'buy-now below the starting price',
        { buyNowPrice: '50' },
        'buyNowPrice',
        'يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي',
      ],
      [
        'buy-now below 1 JOD',
        { startingPrice: '1', buyNowPrice: '0.5' },
        'buyNowPrice',
        'يجب أن يكون سعر الشراء الفوري دينار واحد على الأقل',
      ],
    ];

    it.each(cases)('%s → 400', async (_name, override, field, message) => {
      const res = await expectRefused({ ...validAuctionFields(), ...override });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message, error: message });
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
    });

    it('rejects unknown fields', async () => {
      const res = await expectRefused({ ...validAuctionFields(), sellerId: seller.user.id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('UNKNOWN_FIELD');
    });
  });

  describe('images', () => {
    it('0 images → 400 AUCTION_IMAGES_REQUIRED', async () => {
      const res = await expectRefused(validAuctionFields(), []);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'AUCTION_IMAGES_REQUIRED', message: 'يجب رفع صورة واحدة على الأقل' });
    });

    it('4 images → 400 TOO_MANY_IMAGES', async () => {
      const res = await expectRefused(validAuctionFields(), [png, png, png, png]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_IMAGES', message: 'لا يمكن رفع أكثر من 3 صور' });
    });

    it('3 images are accepted', async () => {
      const res = await postAuction(t, seller, validAuctionFields(), [png, png, png]).expect(201);
      expect(res.body.images).toHaveLength(3);
    });

    it('a text file named .png → 400 IMAGE_INVALID, and the valid image sent with it is not kept', async () => {
      const fake = {
        buffer: Buffer.from('this is plain text, not a picture'),
        filename: 'photo.png',
        contentType: 'image/png',
      };
      const filesBefore = storedFiles(t);
      const res = await postAuction(t, seller, validAuctionFields(), [png, fake]).expect(400);
      expect(res.body.code).toBe('IMAGE_INVALID');
      expect(storedFiles(t)).toEqual(filesBefore);
    });

    it('an image over 5 MB → 413 IMAGE_TOO_LARGE', async () => {
      const big = await oversizedPng();
      expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
      const res = await expectRefused(validAuctionFields(), [big]);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'IMAGE_TOO_LARGE' });
    });

    it('a field error is reported before any image is stored', async () => {
      const res = await expectRefused({ ...validAuctionFields(), title: '' }, [png, png]);
      expect(res.status).toBe(400);
    });

    it('if the database refuses the row, the stored images are removed', async () => {
      // A trigger makes the INSERT itself fail after the images were stored.
      await db.query(`
        CREATE OR REPLACE FUNCTION test_refuse_auction() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.title = 'مرفوض من قاعدة البيانات' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`);
      await db.query(
        `CREATE TRIGGER test_refuse_auction BEFORE INSERT ON auctions FOR EACH ROW EXECUTE FUNCTION test_refuse_auction()`,
      );
      try {
        const res = await expectRefused({ ...validAuctionFields(), title: 'مرفوض من قاعدة البيانات' }, [png, png]);
        expect(res.status).toBe(500);
        expect(res.body.code).toBe('INTERNAL_ERROR');
      } finally {
        await db.query(`DROP TRIGGER test_refuse_auction ON auctions`);
        await db.query(`DROP FUNCTION test_refuse_auction()`);
      }
    });
  });

  describe('who may list', () => {
    it('signed out → 401', async () => {
      const res = await postAuction(t, null, validAuctionFields(), [png]).expect(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('an unverified member → 403 ACCOUNT_NOT_VERIFIED, nothing stored', async () => {
      const unverified = await createUser(t, { isVerified: false });
      const filesBefore = storedFiles(t);
      const res = await postAuction(t, unverified, validAuctionFields(), [png]).expect(403);
      expect(res.body).toMatchObject({
        code: 'ACCOUNT_NOT_VERIFIED',
        message: 'الحساب غير مفعّل، يرجى تفعيله برمز التحقق',
      });
      expect(storedFiles(t)).toEqual(filesBefore);
      expect(await auctionsOf(unverified)).toBe(0);
    });
  });

  describe('POST /api/upload/images', () => {
    it('stores one image and answers its URL', async () => {
      const res = await t
        .http()
        .post('/api/upload/images')
        .set(seller.auth)
        .attach('image', png, 'shot.png')
        .expect(201);
      expect(res.body).toMatchObject({
        success: true,
        imageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/),
      });
      await t.http().get(res.body.imageUrl).expect(200).expect('Content-Type', 'image/webp');
    });

    it('no file → 400 IMAGE_REQUIRED', async () => {
      const res = await t.http().post('/api/upload/images').set(seller.auth).field('x', '1');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('IMAGE_REQUIRED');
      const empty = await t.http().post('/api/upload/images').set(seller.auth).send({}).expect(400);
      expect(empty.body.code).toBe('IMAGE_REQUIRED');
    });

    it('a non-image → 400 IMAGE_INVALID; two files → 400 TOO_MANY_IMAGES', async () => {
      const res = await t
        .http()
        .post('/api/upload/images')
        .set(seller.auth)
        .attach('image', Buffer.from('%PDF-1.4 not an image'), { filename: 'x.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(res.body.code).toBe('IMAGE_INVALID');
      const two = await t
        .http()
        .post('/api/upload/images')
        .set(seller.auth)
        .attach('image', png, 'a.png')
        .attach('image', png, 'b.png')
        .expect(400);
      expect(two.body.code).toBe('TOO_MANY_IMAGES');
    });

    it('over 5 MB → 413 IMAGE_TOO_LARGE', async () => {
      const res = await t
        .http()
        .post('/api/upload/images')
        .set(seller.auth)
        .attach('image', await oversizedPng(), 'big.png')
        .expect(413);
      expect(res.body.code).toBe('IMAGE_TOO_LARGE');
    });

    it('signed out → 401; unverified → 403', async () => {
      await t.http().post('/api/upload/images').attach('image', png, 'a.png').expect(401);
      const unverified = await createUser(t, { isVerified: false });
      const res = await t
        .http()
        .post('/api/upload/images')
        .set(unverified.auth)
        .attach('image', png, 'a.png')
        .expect(403);
      expect(res.body.code).toBe('ACCOUNT_NOT_VERIFIED');
    });
  });
});
