import { AuctionStatus } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { createAuction, reloadAuction } from './support/auctions';
import { soldByBidding, soldByBuyNow } from './support/sales';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** POST /api/users/{sellerId}/rate, GET /api/users/{id}/ratings and /rating-stats. */
describe('ratings', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const rate = (sellerId: string, who: TestUser | null, body: Record<string, unknown>) => {
    const req = t.http().post(`/api/users/${sellerId}/rate`).send(body);
    return who ? req.set(who.auth) : req;
  };
  const storedRatings = async (auctionId: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM ratings WHERE auction_id = $1`, [auctionId]))[0].n as number;

  it('the winner rates the seller once: 201 with the rating, the auction is flagged, a second try is 409', async () => {
    const seller = await createUser(t, { name: 'البائع' });
    const winner = await createUser(t, { name: 'الفائز' });
    const auctionId = await soldByBuyNow(t, seller, winner, { title: 'هاتف ذكي' });
    const res = await rate(seller.user.id, winner, {
      auctionId,
      role: 'seller',
      stars: 4,
      comment: '  تعامل ممتاز  ',
    }).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'تم إرسال التقييم بنجاح',
      rating: {
        from: { _id: winner.user.id, name: 'الفائز', avatar: null },
        to: { _id: seller.user.id },
        stars: 4,
        comment: 'تعامل ممتاز',
        role: 'seller',
        auction: { _id: auctionId, title: 'هاتف ذكي' },
      },
    });
    expect(res.body.rating._id).toEqual(expect.any(String));
    expect((await reloadAuction(t, auctionId)).isRatedBySeller).toBe(true);
    const detail = await t.http().get(`/api/auctions/${auctionId}`).expect(200);
    expect(detail.body.isRatedBySeller).toBe(true);

    const again = await rate(seller.user.id, winner, { auctionId, role: 'seller', stars: 1 }).expect(409);
    expect(again.body).toMatchObject({ code: 'ALREADY_RATED', message: 'لقد قمت بتقييم البائع لهذا المزاد مسبقاً' });
    expect(await storedRatings(auctionId)).toBe(1);
  });

  it('two simultaneous ratings: one 201, the others 409, one row stored', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const auctionId = await soldByBuyNow(t, seller, winner);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((stars) => rate(seller.user.id, winner, { auctionId, role: 'seller', stars })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await storedRatings(auctionId)).toBe(1);
  });

  it('only the winner may rate (403 RATING_FORBIDDEN for the seller, a losing bidder and strangers)', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const stranger = await createUser(t);
    const loser = await createUser(t);
    const auctionId = await soldByBidding(t, seller, winner, [loser]);
    for (const who of [seller, loser, stranger]) {
      const res = await rate(seller.user.id, who, { auctionId, role: 'seller', stars: 5 }).expect(403);
      expect(res.body).toMatchObject({ code: 'RATING_FORBIDDEN', message: 'يمكن للفائز فقط تقييم البائع' });
    }
    // An open auction has no winner yet, even for its leading bidder.
    const open = await createAuction(t, seller, { schedule: false });
    await t.http().post(`/api/auctions/${open.id}/bid`).set(winner.auth).send({ amount: 150 }).expect(200);
    expect((await rate(seller.user.id, winner, { auctionId: open.id, stars: 5 }).expect(403)).body.code).toBe(
      'RATING_FORBIDDEN',
    );
    expect(await storedRatings(auctionId)).toBe(0);
    await rate(seller.user.id, null, { auctionId, stars: 5 }).expect(401);
  });

  it('the rated member must be the seller of that auction (400 RATING_SELLER_MISMATCH)', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const other = await createUser(t);
    const auctionId = await soldByBuyNow(t, seller, winner);
    const res = await rate(other.user.id, winner, { auctionId, role: 'seller', stars: 5 }).expect(400);
    expect(res.body.code).toBe('RATING_SELLER_MISMATCH');
    expect(await storedRatings(auctionId)).toBe(0);
  });

  it('stars must be a whole number from 1 to 5; role seller; comment at most 1000 characters', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const auctionId = await soldByBuyNow(t, seller, winner);
    for (const stars of [0, 6, 2.5, -1, '5', null, undefined]) {
      const res = await rate(seller.user.id, winner, { auctionId, role: 'seller', stars }).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'عدد النجوم (stars) يجب أن يكون عدداً صحيحاً من 1 إلى 5',
      });
      expect(res.body.errors[0].field).toBe('stars');
    }
    const role = await rate(seller.user.id, winner, { auctionId, role: 'buyer', stars: 5 }).expect(400);
    expect(role.body.message).toContain('role');
    const long = await rate(seller.user.id, winner, { auctionId, stars: 5, comment: 'ت'.repeat(1001) }).expect(400);
    expect(long.body.message).toBe('التعليق (comment) يجب ألا يتجاوز 1000 حرف');
    expect((await rate(seller.user.id, winner, { auctionId: 'x', stars: 5 }).expect(400)).body.message).toContain(
      'auctionId',
    );
    expect((await rate(seller.user.id, winner, { auctionId, stars: 5, extra: 1 }).expect(400)).body.code).toBe(
      'UNKNOWN_FIELD',
    );
    expect((await rate('abc', winner, { auctionId, stars: 5 }).expect(400)).body.code).toBe('INVALID_ID');
    expect(await storedRatings(auctionId)).toBe(0);

    // Valid edges: role may be omitted (it defaults to seller), a blank comment means none.
    const ok = await rate(seller.user.id, winner, { auctionId, stars: 1, comment: '   ' }).expect(201);
    expect(ok.body.rating).toMatchObject({ stars: 1, comment: null, role: 'seller' });
  });

  it('an unsold or deleted auction cannot be rated', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const unsold = await createAuction(t, seller, { status: AuctionStatus.Unsold, schedule: false });
    expect((await rate(seller.user.id, winner, { auctionId: unsold.id, stars: 5 }).expect(403)).body.code).toBe(
      'RATING_FORBIDDEN',
    );
    const deleted = await soldByBuyNow(t, seller, winner);
    await db.query(`UPDATE auctions SET status = $2 WHERE id = $1`, [deleted, AuctionStatus.Deleted]);
    expect((await rate(seller.user.id, winner, { auctionId: deleted, stars: 5 }).expect(404)).body.code).toBe(
      'AUCTION_NOT_FOUND',
    );
  });

  it('rating-stats and the ratings list reflect the ratings received, newest first', async () => {
    const seller = await createUser(t, { name: 'البائع المقيَّم' });
    const buyers = await Promise.all(['أ', 'ب', 'ج'].map((name) => createUser(t, { name: `مشتري ${name}` })));
    expect((await t.http().get(`/api/users/${seller.user.id}/rating-stats`).expect(200)).body).toEqual({
      success: true,
      averageRating: 0,
      validRatings: 0,
    });
    expect((await t.http().get(`/api/users/${seller.user.id}/ratings`).expect(200)).body).toEqual({
      success: true,
      ratings: [],
    });

    const titles = ['الأول', 'الثاني', 'الثالث'];
    const stars = [5, 4, 4];
    for (let i = 0; i < 3; i += 1) {
      const auctionId = await soldByBuyNow(t, seller, buyers[i], { title: titles[i] });
      await rate(seller.user.id, buyers[i], {
        auctionId,
        role: 'seller',
        stars: stars[i],
        ...(i === 0 ? { comment: 'رائع' } : {}),
      }).expect(201);
    }
    // Ratings a member gave do not count for them.
    const other = await createUser(t);
    const given = await soldByBuyNow(t, other, seller);
    await rate(other.user.id, seller, { auctionId: given, stars: 1 }).expect(201);

    const stats = await t.http().get(`/api/users/${seller.user.id}/rating-stats`).expect(200);
    expect(stats.body).toEqual({ success: true, averageRating: 4.3, validRatings: 3 });

    const list = await t.http().get(`/api/users/${seller.user.id}/ratings`).expect(200);
    expect(list.body.success).toBe(true);
    expect(list.body.ratings.map((r: { auction: { title: string } }) => r.auction.title)).toEqual([
      'الثالث',
      'الثاني',
      'الأول',
    ]);
    const oldest = list.body.ratings[2];
    expect(oldest).toEqual({
      _id: expect.any(String),
      id: oldest._id,
      from: { _id: buyers[0].user.id, id: buyers[0].user.id, name: 'مشتري أ', avatar: null },
      to: { _id: seller.user.id, id: seller.user.id },
      stars: 5,
      comment: 'رائع',
      role: 'seller',
      auction: { _id: expect.any(String), id: expect.any(String), title: 'الأول' },
      createdAt: expect.any(String),
    });
    expect(list.body.ratings[0].comment).toBeNull();
    expect(new Date(oldest.createdAt).toISOString()).toBe(oldest.createdAt);
  });

  it('404 USER_NOT_FOUND and 400 INVALID_ID on the read routes', async () => {
    const missing = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    expect((await t.http().get(`/api/users/${missing}/ratings`).expect(404)).body.code).toBe('USER_NOT_FOUND');
    expect((await t.http().get(`/api/users/${missing}/rating-stats`).expect(404)).body.code).toBe('USER_NOT_FOUND');
    expect((await t.http().get('/api/users/abc/ratings').expect(400)).body.code).toBe('INVALID_ID');
  });
});
