import { DataSource } from 'typeorm';
import { pngImage, postAuction, validAuctionFields } from '../support/auction-forms';
import { createAuction } from '../support/auctions';
import { clientIp, register } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-INPUT-HYGIENE (docs/security.md, "Input that never gives a 500"): NUL and the other control characters (and lone
 * surrogates) are refused in one place (InputHygienePipe) for query strings, route parameters,
 * JSON bodies and multipart text fields: 400 INVALID_CHARACTERS naming the field, never a 500
 * from PostgreSQL. Each route below answered 500 before.
 */
describe('control characters are refused in every kind of input', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  const NUL = '\u0000';

  function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string) {
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'INVALID_CHARACTERS',
      message: `الحقل "${field}" يحتوي على رموز تحكم غير مسموح بها`,
      error: `الحقل "${field}" يحتوي على رموز تحكم غير مسموح بها`,
    });
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  }

  it('register: name and location (with a valid challenge, so the value reaches the database)', async () => {
    for (const field of ['name', 'location']) {
      const { res } = await register(t, { [field]: `سارة${NUL}أحمد` });
      expectRefused(res, field);
    }
  });

  it('verify-otp: identifier', async () => {
    const res = await t
      .http()
      .post('/api/otp/verify-otp')
      .set('X-Forwarded-For', clientIp())
      .send({ identifier: `a${NUL}@example.com`, otp: '123456', type: 'email' });
    expectRefused(res, 'identifier');
  });

  it('profile update: name, phone and location', async () => {
    const body = { name: 'أحمد محمد', phone: '+962 79 123 4567', location: 'عمّان' };
    for (const field of ['name', 'location']) {
      const res = await t
        .http()
        .put(`/api/users/${member.user.id}`)
        .set(member.auth)
        .send({ ...body, [field]: `x${NUL}y` });
      expectRefused(res, field);
    }
  });

  it('query strings: the auction search, the admin user and auction searches, paging', async () => {
    expectRefused(await t.http().get('/api/auctions?search=%00'), 'search');
    expectRefused(await t.http().get('/api/auctions?page=%00'), 'page');
    expectRefused(await t.http().get('/api/admin/users?q=a%00b').set(admin.auth), 'q');
    expectRefused(await t.http().get('/api/admin/auctions?q=%00').set(admin.auth), 'q');
  });

  it('route parameters', async () => {
    expectRefused(await t.http().get('/api/auctions/user/%00'), 'id');
    expectRefused(await t.http().get('/api/users/%01/ratings'), 'id');
  });

  it('banners, site content and the announcement (title and image entries)', async () => {
    expectRefused(
      await t
        .http()
        .post('/api/banners')
        .set(admin.auth)
        .send({ text: `إعلان${NUL}` }),
      'text',
    );
    expectRefused(
      await t
        .http()
        .post('/api/banners')
        .set(admin.auth)
        .send({ text: 'إعلان', link: `/a${NUL}` }),
      'link',
    );
    expectRefused(
      await t
        .http()
        .put('/api/site-content/banner')
        .set(admin.auth)
        .send({ title: `عنوان${NUL}` }),
      'title',
    );
    expectRefused(
      await t
        .http()
        .post('/api/site-content/features')
        .set(admin.auth)
        .send({ icon: '⭐', title: 'ميزة', description: `وصف${NUL}` }),
      'description',
    );
    expectRefused(
      await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .send({ title: `عنوان${NUL}` }),
      'title',
    );
    expectRefused(
      await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .send({ title: 'عنوان', images: ['/uploads/a.webp', `/uploads/${NUL}.webp`] }),
      'images.1',
    );
    expectRefused(
      await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .send({ title: 'عنوان', scheduleInfo: { details: `تفاصيل${NUL}` } }),
      'scheduleInfo.details',
    );
  });

  it('multipart text fields (auction creation)', async () => {
    const res = await postAuction(t, member, { ...validAuctionFields(), description: `وصف${NUL}طويل بما يكفي` }, [
      await pngImage(),
    ]);
    expectRefused(res, 'description');
  });

  it('other control characters, DEL, C1 controls and lone surrogates; keys too', async () => {
    for (const bad of ['\u0001', '\u001b[31m', '\u007f', '\u0085', '\ud800', 'a\udc00b', '\uffff']) {
      expectRefused(
        await t
          .http()
          .post('/api/banners')
          .set(admin.auth)
          .send({ text: `إعلان${bad}` }),
        'text',
      );
    }
    const key = await t
      .http()
      .post('/api/banners')
      .set(admin.auth)
      .send({ text: 'إعلان', [`x${NUL}`]: 1 });
    expect(key.status).toBe(400);
    expect(key.body.code).toBe('INVALID_CHARACTERS');
    expect(key.body.errors[0].field).toBe('x\\u0000');
  });

  it('keeps what people type: tabs and line breaks in free text, a surrogate pair (emoji)', async () => {
    const seller = await createUser(t);
    const created = await postAuction(
      t,
      seller,
      { ...validAuctionFields(), title: 'ساعة 🕰️ كلاسيكية', description: 'السطر الأول\r\nالسطر الثاني\tمع مسافة' },
      [await pngImage()],
    ).expect(201);
    const stored = await t.app
      .get(DataSource)
      .query(`SELECT title, description FROM auctions WHERE id = $1`, [created.body._id]);
    expect(stored[0]).toEqual({ title: 'ساعة 🕰️ كلاسيكية', description: 'السطر الأول\r\nالسطر الثاني\tمع مسافة' });
  });

  it('chat messages refuse them too', async () => {
    const seller = await createUser(t);
    const auction = await createAuction(t, seller);
    const res = await t
      .http()
      .post('/api/messages')
      .set(member.auth)
      .send({ auctionId: auction.id, receiverId: seller.user.id, content: `مرحباً${NUL}` });
    expectRefused(res, 'content');
  });
});
