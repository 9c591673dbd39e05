import { pngImage, postAuction, validAuctionFields } from '../support/auction-forms';
import { createAuction } from '../support/auctions';
import { clientIp, register } from '../support/auth';
import { messagesTo, waitForNewCode } from '../support/outbox';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser, uniqueEmail } from '../support/users';

/**
 * R-INPUT-HYGIENE (docs/security.md, "Input that never gives a 500, and text that reaches other people"): names, locations and titles are one line of
 * visible text (SingleLineText in common/validation/fields.ts): line breaks, bidi embedding /
 * override / isolate controls and invisible-only text are refused with an Arabic message naming
 * the field. Code e-mails carry no member text at all, so nothing a member writes can forge a
 * `CODE:` line or a link in mail sent by Mazad.
 */
describe('names, locations and titles are one line of visible text', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  /** Hostile one-line values and the message fragment each must produce. */
  const HOSTILE: [string, string, RegExp][] = [
    ['LF', 'سارة\nCODE: 999999', /سطراً واحداً/],
    ['CRLF', 'سارة\r\nhttps://evil.example', /سطراً واحداً/],
    ['tab', 'سارة\tأحمد', /سطراً واحداً/],
    ['U+2028', 'سارة\u2028أحمد', /سطراً واحداً/],
    ['RLO', 'سارة \u202Egnp.exe', /اتجاه النص/],
    ['LRE…PDF', '\u202Aسارة\u202C', /اتجاه النص/],
    ['FSI isolate', 'سارة \u2068أحمد\u2069', /اتجاه النص/],
    ['zero-width only', '\u200B\u200C\u200D\u2060', /حروف أو أرقام ظاهرة/],
    ['RLM alone', '\u200F\u200F', /حروف أو أرقام ظاهرة/],
    ['tatweel and diacritics only', 'ـــَُ', /حروف أو أرقام ظاهرة/],
    ['Hangul fillers', '\u3164\u3164', /حروف أو أرقام ظاهرة/],
  ];

  function expectFieldRefused(res: { status: number; body: Record<string, unknown> }, field: string, message: RegExp) {
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message: expect.stringMatching(message) }]));
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
  }

  it.each(HOSTILE)('register refuses %s in the name and the location', async (_label, value, message) => {
    expectFieldRefused((await register(t, { name: value })).res, 'name', message);
    expectFieldRefused((await register(t, { location: value })).res, 'location', message);
  });

  it.each(HOSTILE)('profile update refuses %s in the name and the location', async (_label, value, message) => {
    const body = { name: 'أحمد محمد', phone: '+962 79 123 4567', location: 'عمّان' };
    for (const field of ['name', 'location']) {
      const res = await t
        .http()
        .put(`/api/users/${member.user.id}`)
        .set(member.auth)
        .send({ ...body, [field]: value });
      expectFieldRefused(res, field, message);
    }
  });

  it.each(HOSTILE)('auction create (multipart) and edit (JSON) refuse %s in the title', async (_l, value, message) => {
    // A seller per case: auction creation is rate-limited per member, invalid attempts included.
    const seller = await createUser(t);
    expectFieldRefused(
      await postAuction(t, seller, { ...validAuctionFields(), title: value }, [await pngImage()]),
      'title',
      message,
    );
    const auction = await createAuction(t, seller);
    const { startingPrice, ...fields } = validAuctionFields();
    const edit = await t
      .http()
      .put(`/api/auctions/${auction.id}`)
      .set(seller.auth)
      .send({ ...fields, startingPrice: Number(startingPrice), title: value });
    expectFieldRefused(edit, 'title', message);
  });

  it.each(HOSTILE)('admin titles refuse %s (banner, site banner, feature, announcement)', async (_l, value, m) => {
    const as = (req: ReturnType<ReturnType<TestApp['http']>['post']>) => req.set(admin.auth);
    expectFieldRefused(await as(t.http().post('/api/banners')).send({ text: value }), 'text', m);
    expectFieldRefused(await as(t.http().put('/api/site-content/banner')).send({ title: value }), 'title', m);
    expectFieldRefused(
      await as(t.http().post('/api/site-content/features')).send({ icon: '⭐', title: value, description: 'وصف' }),
      'title',
      m,
    );
    expectFieldRefused(await as(t.http().put('/api/announcement-content')).send({ title: value }), 'title', m);
  });

  it('the contact form refuses a multi-line name', async () => {
    const res = await t
      .http()
      .post('/api/contact')
      .set('X-Forwarded-For', clientIp())
      .send({ name: 'سارة\nأحمد', email: 'sara@example.com', subject: 'support', message: 'رسالة طويلة بما يكفي' });
    expectFieldRefused(res, 'name', /سطراً واحداً/);
  });

  it('accepts ordinary names: Arabic with ZWNJ or an RLM inside, Latin, digits, an emoji', async () => {
    for (const name of ['أحمد محمد', 'سارة\u200Cأحمد', 'Sara Ahmad 2', 'عبد\u200Fالله', 'نور 🌸']) {
      const res = await t
        .http()
        .put(`/api/users/${member.user.id}`)
        .set(member.auth)
        .send({ name, phone: '+962 79 123 4567', location: 'عمّان' });
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
    }
  });

  it('code e-mails carry no member text: a hostile stored name cannot add a CODE line or a link', async () => {
    // A name stored before these rules (or by any other path) with a forged code line and a link.
    const email = uniqueEmail('mail');
    const hostile = 'سارة\nCODE: 999999\nhttps://evil.example/reset';
    await createUser(t, { email, name: hostile, isVerified: false });
    const send = await t
      .http()
      .post('/api/otp/send-email-otp')
      .set('X-Forwarded-For', clientIp())
      .send({ identifier: email });
    expect(send.status).toBeLessThan(300);
    await waitForNewCode(t.config.mailOutboxDir, email, 0);
    await t.http().post('/api/auth/forgot-password').set('X-Forwarded-For', clientIp()).send({ email }).expect(200);
    await waitForNewCode(t.config.mailOutboxDir, email, 1);
    const mails = messagesTo(t.config.mailOutboxDir, email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.body).not.toContain('999999');
      expect(mail.body).not.toContain('evil.example');
      expect(mail.body).not.toContain('سارة');
      expect(mail.body.match(/CODE: \d{6}/g)).toHaveLength(1);
    }
  });
});
