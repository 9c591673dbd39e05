import { ERROR_MESSAGES, type ErrorCode } from '@mazad/contracts';
import type { Response } from 'supertest';
import { RateLimitService } from '../../src/infrastructure/rate-limit/rate-limit.service';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { clientIp } from '../support/auth';
import { pngImage, postAuction, storedFiles, validAuctionFields } from '../support/auction-forms';
import { createAuction } from '../support/auctions';
import { soldByBuyNow } from '../support/sales';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-RATE-LIMITS (docs/security.md, "Abuse and resources"): auction creation, chat messages, anonymous challenges,
 * withdrawals of a maximum and image uploads (per image, whichever route carries them) are rate limited per member and per
 * IP (Redis counters, atomic), with an Arabic 429; parallel floods get exactly the allowance;
 * RATE_LIMITS=off lifts them.
 */
describe('security: abuse rate limits', () => {
  let t: TestApp;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestApp();
    png = await pngImage();
  });
  afterAll(() => t.close());

  function expectAllowance(answers: Response[], okStatus: number, allowed: number, code: ErrorCode) {
    const ok = answers.filter((r) => r.status === okStatus);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(allowed);
    expect(limited).toHaveLength(answers.length - allowed);
    expect(limited[0].body).toMatchObject({ statusCode: 429, code, message: ERROR_MESSAGES[code] });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
  }

  it('anonymous challenges: per IP, parallel', async () => {
    const ip = clientIp();
    const { points } = RATE_LIMIT_POLICIES['challenges-ip'];
    const answers = await Promise.all(
      Array.from({ length: points + 10 }, () => t.http().get('/api/auth/challenge').set('X-Forwarded-For', ip)),
    );
    expectAllowance(answers, 200, points, 'CHALLENGE_RATE_LIMITED');
    await t.http().get('/api/auth/challenge').set('X-Forwarded-For', clientIp()).expect(200);
  });

  it('auction creation: per member, parallel, refused before the images are stored', async () => {
    const seller = await createUser(t);
    const { points } = RATE_LIMIT_POLICIES['auctions-member'];
    const before = storedFiles(t).length;
    const answers = await Promise.all(
      Array.from({ length: points + 5 }, (_, i) =>
        postAuction(t, seller, { ...validAuctionFields(), title: `مزاد رقم ${i}` }, [png]).set(
          'X-Forwarded-For',
          clientIp(),
        ),
      ),
    );
    expectAllowance(answers, 201, points, 'AUCTION_CREATE_RATE_LIMITED');
    expect(storedFiles(t).length - before).toBe(points);
  });

  it('auction creation: per IP across members', async () => {
    const ip = clientIp();
    await t.app.get(RateLimitService).penalize('auctions-ip', ip, RATE_LIMIT_POLICIES['auctions-ip'].points);
    const res = await postAuction(t, await createUser(t), validAuctionFields(), [png]).set('X-Forwarded-For', ip);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('AUCTION_CREATE_RATE_LIMITED');
  });

  it('chat messages: per member, parallel', async () => {
    const seller = await createUser(t);
    const winner = await createUser(t);
    const auctionId = await soldByBuyNow(t, seller, winner);
    const { points } = RATE_LIMIT_POLICIES['messages-member'];
    const answers = await Promise.all(
      Array.from({ length: points + 10 }, (_, i) =>
        t
          .http()
          .post('/api/messages')
          .set(winner.auth)
          .send({ auctionId, receiverId: seller.user.id, content: `رسالة ${i}` }),
      ),
    );
    expectAllowance(answers, 201, points, 'MESSAGE_RATE_LIMITED');
    // The other party has an allowance of its own.
    await t
      .http()
      .post('/api/messages')
      .set(seller.auth)
      .send({ auctionId, receiverId: winner.user.id, content: 'أهلاً' })
      .expect(201);
  });

  it('withdrawing a maximum: per member, parallel, every auction together', async () => {
    const seller = await createUser(t);
    const member = await createUser(t);
    const { points } = RATE_LIMIT_POLICIES['max-bid-withdrawals-member'];
    // Over three auctions: the limit is the member's, and a member's share of one auction's
    // queue (MEMBER_TICKETS_PER_AUCTION) would refuse some before the rate counts them.
    const auctions = await Promise.all([1, 2, 3].map(() => createAuction(t, seller)));
    const withdraw = (auctionId: string, who = member) =>
      t.http().delete(`/api/auctions/${auctionId}/max-bid`).set(who.auth);
    const answers = await Promise.all(Array.from({ length: points + 5 }, (_, i) => withdraw(auctions[i % 3].id)));
    // Withdrawing without a maximum is answered as done: each one took the auction's queue.
    expectAllowance(answers, 200, points, 'MAX_BID_WITHDRAW_RATE_LIMITED');
    // Another member has an allowance of their own.
    await withdraw(auctions[0].id, seller).expect(200);
  });

  it('image uploads: per member, parallel, and a daily quota', async () => {
    const member = await createUser(t);
    const { points } = RATE_LIMIT_POLICIES['uploads-member'];
    const upload = (who = member) =>
      t
        .http()
        .post('/api/upload/images')
        .set(who.auth)
        .set('X-Forwarded-For', clientIp())
        .attach('image', png, { filename: 'a.png', contentType: 'image/png' });
    const answers = await Promise.all(Array.from({ length: points + 5 }, () => upload()));
    expectAllowance(answers, 201, points, 'UPLOAD_RATE_LIMITED');

    const heavy = await createUser(t);
    const quota = RATE_LIMIT_POLICIES['upload-quota-member'].points;
    await t.app.get(RateLimitService).penalize('upload-quota-member', heavy.user.id, quota);
    const over = await upload(heavy);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    // The profile image counts against the same allowances.
    const profile = await t
      .http()
      .put('/api/users/profile-image')
      .set(heavy.auth)
      .attach('profileImage', png, { filename: 'a.png', contentType: 'image/png' });
    expect(profile.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
  });

  it('images sent with a new auction count against the same allowances and daily quota, one per image', async () => {
    const seller = await createUser(t);
    const quota = RATE_LIMIT_POLICIES['upload-quota-member'].points;
    await t.app.get(RateLimitService).penalize('upload-quota-member', seller.user.id, quota - 4);
    const create = (images: number) =>
      postAuction(t, seller, validAuctionFields(), Array(images).fill(png)).set('X-Forwarded-For', clientIp());
    await create(3).expect(201); // 3 of the 4 left
    const before = storedFiles(t);
    const over = await create(2); // 1 left: refused once the files are counted, before one is decoded
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED', message: ERROR_MESSAGES.UPLOAD_QUOTA_EXCEEDED });
    expect(storedFiles(t)).toEqual(before);
    // One counter for every route that takes images.
    const single = await t
      .http()
      .post('/api/upload/images')
      .set(seller.auth)
      .attach('image', png, { filename: 'a.png', contentType: 'image/png' });
    expect(single.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
  });

  it('RATE_LIMITS=off lifts them', async () => {
    const off = await startTestApp({ RATE_LIMITS: 'off' });
    try {
      const ip = clientIp();
      const answers = await Promise.all(
        Array.from({ length: RATE_LIMIT_POLICIES['challenges-ip'].points + 5 }, () =>
          off.http().get('/api/auth/challenge').set('X-Forwarded-For', ip),
        ),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
    } finally {
      await off.close();
    }
  });
});
