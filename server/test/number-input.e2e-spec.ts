import { DataSource } from 'typeorm';
import { JordanMobilePhones1796530000000 } from '../src/infrastructure/database/migrations/1796530000000-jordan-mobile-phones';
import { clientIp, register, solvedChallenge } from './support/auth';
import { pngImage, postAuction, validAuctionFields } from './support/auction-forms';
import { createAuction } from './support/auctions';
import { deliveriesSettled } from './support/deliveries';
import { waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

/** 0-9 → ٠-٩, as a phone with Arabic digits types them. */
const arabicIndic = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const ARABIC = /[\u0600-\u06FF]/;

/**
 * R-NUMBER-INPUT (docs/rules.md): the API reads every number as the forms send what members
 * type — Arabic-Indic and Persian digits, ٫ and ٬, pasted commas and spaces, direction marks
 * (contracts' numbers.ts) — for amounts, codes, phones and whole numbers, stores phones as
 * +9627XXXXXXXX, and refuses anything else with an Arabic message naming the field.
 */
describe('numbers as people type them', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const storedPhone = async (id: string) =>
    ((await db.query(`SELECT phone FROM users WHERE id = $1`, [id])) as { phone: string }[])[0].phone;

  describe('amounts', () => {
    it('a bid typed «١٬٢٥٠٫٥٠٠» or pasted "1,250.500" is 1250.5 JOD; "12,5" and 4 decimals are refused naming amount', async () => {
      const seller = await createUser(t);
      const bidder = await createUser(t);
      const a = await createAuction(t, seller, { startingPrice: 1000, schedule: false });
      const bid = (amount: unknown) => t.http().post(`/api/auctions/${a.id}/bid`).set(bidder.auth).send({ amount });

      const typed = await bid('١٬٢٥٠٫٥٠٠').expect(200);
      expect(typed.body.auction.currentPrice).toBe(1250.5);
      const pasted = await bid('\u200F1,300.250\u200F').expect(200);
      expect(pasted.body.auction.currentPrice).toBe(1300.25);
      expect((await bid('۱۴۰۰').expect(200)).body.auction.currentPrice).toBe(1400);

      for (const amount of ['12,5', '1.2345', 'ألف', '1e4', '']) {
        const res = await bid(amount).expect(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.errors[0].field).toBe('amount');
        expect(res.body.message).toMatch(/^مبلغ المزايدة \(amount\)/);
      }
    });

    it('a maximum and the buy-now price shown are read the same way', async () => {
      const seller = await createUser(t);
      const bidder = await createUser(t);
      const a = await createAuction(t, seller, { startingPrice: 100, buyNowPrice: 2000, schedule: false });
      const max = await t.http().put(`/api/auctions/${a.id}/max-bid`).set(bidder.auth).send({ amount: '١٬٥٠٠' });
      expect(max.status).toBe(200);
      expect(max.body.maxBid.amount).toBe(1500);
      const refused = await t.http().put(`/api/auctions/${a.id}/max-bid`).set(bidder.auth).send({ amount: '1,5' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field: 'amount', message: expect.stringMatching(/^الحد الأقصى/) });

      const buyer = await createUser(t);
      const bought = await t
        .http()
        .post(`/api/auctions/${a.id}/buy-now`)
        .set(buyer.auth)
        .send({ expectedPrice: '٢٬٠٠٠٫٠٠٠' });
      expect(bought.status).toBe(200);
    });

    it("a new auction's prices typed with Arabic digits and separators", async () => {
      const seller = await createUser(t);
      const created = await postAuction(
        t,
        seller,
        { ...validAuctionFields(), startingPrice: '١٬٢٥٠٫٥', buyNowPrice: '2,000' },
        [await pngImage()],
      ).expect(201);
      expect(created.body).toMatchObject({ startingPrice: 1250.5, buyNowPrice: 2000 });

      const refused = await postAuction(t, seller, { ...validAuctionFields(), startingPrice: '12,5' }, [
        await pngImage(),
      ]).expect(400);
      expect(refused.body.errors[0]).toEqual({ field: 'startingPrice', message: 'السعر الابتدائي يجب أن يكون رقماً' });
    });
  });

  describe('phones', () => {
    it('registration stores «٠٧٩٠١٢٣٤٥٦» as +962790123456 and refuses a number that is not a Jordanian mobile', async () => {
      const { res } = await register(t, { phone: '٠٧٩٠١٢٣٤٥٦' });
      expect(res.status).toBe(201);
      expect(await storedPhone(res.body.user._id)).toBe('+962790123456');

      for (const phone of ['+966 50 123 4567', '06 461 2345', '079012345', '07901234567']) {
        const refused = await register(t, { phone });
        expect(refused.res.status).toBe(400);
        expect(refused.res.body.errors[0]).toEqual({
          field: 'phone',
          message: 'رقم الهاتف يجب أن يكون رقم هاتف محمول أردني يبدأ بـ 077 أو 078 أو 079، مثل 0791234567',
        });
      }
    });

    it('a profile edit stores the one form, whatever the spelling', async () => {
      for (const [typed, stored] of [
        ['079-012-3456', '+962790123456'],
        ['+962 78 555 0101', '+962785550101'],
        ['00962771234567', '+962771234567'],
        ['۷۹۰۱۲۳۴۵۶', '+962790123456'],
      ]) {
        const me = await createUser(t);
        const res = await t
          .http()
          .put(`/api/users/${me.user.id}`)
          .set(me.auth)
          .send({ name: 'سارة', phone: typed, location: 'عمّان' })
          .expect(200);
        expect(res.body.user.phone).toBe(stored);
        expect(await storedPhone(me.user.id)).toBe(stored);
      }
    });

    it("the console's member search finds +9627… by 07…, Arabic-Indic digits included", async () => {
      const member = await createUser(t, { phone: '+962791357913' });
      const admin = await createUser(t, { isAdmin: true, adminSession: true });
      for (const q of ['0791357913', '٠٧٩١٣٥٧٩١٣', '791357', '00962791357913']) {
        const res = await t.http().get('/api/admin/users').query({ q }).set(admin.auth).expect(200);
        expect({ q, ids: res.body.users.map((u: { _id: string }) => u._id) }).toEqual({ q, ids: [member.user.id] });
      }
    });

    it('the migration rewrites stored Jordanian mobiles and leaves any other phone as it was', async () => {
      const spellings: [string, string][] = [
        ['+962 79 000 2222', '+962790002222'],
        ['0790002223', '+962790002223'],
        ['٠٧٩٠٠٠٢٢٢٤', '+962790002224'],
        ['(079) 000-2225', '+962790002225'],
        ['+962790002226', '+962790002226'],
        ['', ''],
        ['+966 50 123 4567', '+966 50 123 4567'],
        ['06 461 2345', '06 461 2345'],
      ];
      const ids: string[] = [];
      for (const [phone] of spellings) ids.push((await createUser(t, { phone })).user.id);
      const runner = db.createQueryRunner();
      try {
        await new JordanMobilePhones1796530000000().up(runner);
      } finally {
        await runner.release();
      }
      for (const [i, [, stored]] of spellings.entries()) expect(await storedPhone(ids[i])).toBe(stored);
    });
  });

  describe('codes and whole numbers', () => {
    it('an account is verified with its code typed in Arabic-Indic digits, with a space', async () => {
      const ip = clientIp();
      const { res, fields } = await register(t, {}, ip);
      expect(res.status).toBe(201);
      await t.http().post('/api/otp/send-email-otp').set('X-Forwarded-For', ip).send({ identifier: fields.email });
      const code = await waitForNewCode(t.config.mailOutboxDir, fields.email);
      const typed = `${arabicIndic(code.slice(0, 3))} ${arabicIndic(code.slice(3))}`;
      const verified = await t
        .http()
        .post('/api/otp/verify-otp')
        .set('X-Forwarded-For', ip)
        .send({ identifier: fields.email, otp: typed, type: 'email' })
        .expect(200);
      expect(verified.body.user.isVerified).toBe(true);
    });

    it('a password is reset with its code typed in Arabic-Indic digits', async () => {
      const member = await createUser(t);
      const ip = clientIp();
      const asked = await t
        .http()
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: member.user.email })
        .expect(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await deliveriesSettled(t);
      const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
      await t
        .http()
        .post('/api/auth/reset-password')
        .set('X-Forwarded-For', ip)
        .send({ userId: asked.body.userId, verificationAnswer: arabicIndic(code), password: 'another123' })
        .expect(200);
      await t.http().post('/api/auth/login').send({ email: member.user.email, password: 'another123' }).expect(200);
    });

    it('a new email is confirmed with its code typed in Persian digits; a wrong shape names the code', async () => {
      const me = await createUser(t);
      const newEmail = uniqueEmail('digits');
      await t
        .http()
        .put('/api/users/change-credentials')
        .set(me.auth)
        .send({ currentPassword: me.password, email: newEmail })
        .expect(200);
      const bad = await t.http().post('/api/users/confirm-email-change').set(me.auth).send({ code: '١٢٣' }).expect(400);
      expect(bad.body.errors[0]).toEqual({ field: 'code', message: 'رمز التأكيد يجب أن يكون 6 أرقام' });
      const code = await waitForNewCode(t.config.mailOutboxDir, newEmail);
      const persian = code.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
      const done = await t.http().post('/api/users/confirm-email-change').set(me.auth).send({ code: persian });
      expect(done.status).toBe(200);
      expect(done.body.user.email).toBe(newEmail);
    });

    it("the registration challenge's answer and a banner's order may be typed in Arabic-Indic digits", async () => {
      const ip = clientIp();
      const challenge = await solvedChallenge(t, ip);
      const res = await t
        .http()
        .post('/api/auth/register')
        .set('X-Forwarded-For', ip)
        .send({
          name: 'ليلى',
          email: uniqueEmail('challenge'),
          phone: '0791112233',
          location: 'إربد',
          password: 'secret123',
          verificationMethod: 'math',
          challengeId: challenge.challengeId,
          challengeAnswer: arabicIndic(String(challenge.challengeAnswer)),
        });
      expect(res.status).toBe(201);

      const admin = await createUser(t, { isAdmin: true, adminSession: true });
      const banner = await t
        .http()
        .post('/api/banners')
        .set(admin.auth)
        .send({ text: 'إعلان', order: '٣' })
        .expect(201);
      expect(banner.body.data.order).toBe(3);
      const refused = await t.http().post('/api/banners').set(admin.auth).send({ text: 'إعلان', order: '٣٫٥' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ field: 'order', message: expect.stringMatching(ARABIC) });
    });
  });
});
