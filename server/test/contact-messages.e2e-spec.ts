import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * The contact form (POST /api/contact, public, limited per client IP) and the console's inbox
 * (GET/PATCH/DELETE /api/admin/contact-messages, admin-login token only).
 */
describe('contact messages', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestUser;
  let member: TestUser;
  let adminWithoutSession: TestUser;
  let ipCounter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    member = await createUser(t);
    adminWithoutSession = await createUser(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  /** Each call from its own client address (the server trusts the loopback proxy), so the per-IP limit only bites where a test wants it. */
  const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const send = (body: object, ip = freshIp()) => t.http().post('/api/contact').set('X-Forwarded-For', ip).send(body);
  const valid = (over: object = {}) => ({
    name: 'سارة أحمد',
    email: 'Sara@Example.com',
    subject: 'support',
    message: 'لدي سؤال عن طريقة الدفع في المزادات',
    ...over,
  });
  const inbox = (query = '') => t.http().get(`/api/admin/contact-messages${query}`).set(admin.auth);

  it('stores a message from a visitor (no login) and answers 201 with an Arabic confirmation', async () => {
    const tag = randomUUID().slice(0, 8);
    const res = await send(valid({ name: `  سارة ${tag} `, message: `  رسالة ${tag} عن الدفع  ` })).expect(201);
    expect(res.body).toEqual({ success: true, message: 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً' });
    const [row] = await db.query(
      `SELECT name, email, subject, message, handled FROM contact_messages WHERE name = $1`,
      [`سارة ${tag}`],
    );
    expect(row).toEqual({
      name: `سارة ${tag}`,
      email: 'sara@example.com',
      subject: 'support',
      message: `رسالة ${tag} عن الدفع`,
      handled: false,
    });
  });

  it('refuses missing or bad fields with an Arabic 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'الاسم مطلوب'],
      [{ name: '   ' }, 'name', 'الاسم مطلوب'],
      [{ name: 'أ'.repeat(101) }, 'name', 'الاسم يجب ألا يتجاوز 100 حرفاً'],
      [{ email: undefined }, 'email', 'البريد الإلكتروني مطلوب'],
      [{ email: 'not-an-email' }, 'email', 'البريد الإلكتروني غير صالح'],
      [{ subject: undefined }, 'subject', 'الموضوع مطلوب'],
      [{ subject: 'sales' }, 'subject', 'الموضوع غير صالح'],
      [{ message: '' }, 'message', 'الرسالة مطلوبة'],
      [{ message: 'قصيرة' }, 'message', 'الرسالة يجب أن تكون 10 أحرف على الأقل'],
      [{ message: 'أ'.repeat(2001) }, 'message', 'الرسالة يجب ألا تتجاوز 2000 حرف'],
    ];
    for (const [over, field, message] of cases) {
      const res = await send(valid(over)).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message,
        error: message,
        errors: [{ field, message }],
      });
    }
    const unknown = await send(valid({ phone: '0790000000' })).expect(400);
    expect(unknown.body.code).toBe('UNKNOWN_FIELD');
  });

  it('limits each client address to 5 messages per 10 minutes (429, Arabic), others unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await send(valid(), ip).expect(201);
    const refused = await send(valid(), ip).expect(429);
    expect(refused.body).toMatchObject({
      code: 'CONTACT_RATE_LIMITED',
      message: 'أرسلت رسائل كثيرة خلال وقت قصير، يرجى المحاولة لاحقاً',
    });
    expect(Number(refused.headers['retry-after'] ?? refused.body.retryAfter)).toBeGreaterThan(0);
    await send(valid()).expect(201);
  });

  it('lists the inbox newest first, paged, with the total', async () => {
    const tag = randomUUID().slice(0, 8);
    for (let i = 1; i <= 3; i++) await send(valid({ name: `${tag}-${i}` })).expect(201);
    const { total } = (await db.query(`SELECT count(*)::int AS total FROM contact_messages`))[0];

    const first = await inbox('?page=1&limit=2').expect(200);
    expect(first.body).toMatchObject({ success: true, total, page: 1, limit: 2 });
    expect(first.body.messages.map((m: { name: string }) => m.name)).toEqual([`${tag}-3`, `${tag}-2`]);
    expect(first.body.messages[0]).toEqual({
      _id: expect.any(String),
      id: first.body.messages[0]._id,
      name: `${tag}-3`,
      email: 'sara@example.com',
      subject: 'support',
      message: 'لدي سؤال عن طريقة الدفع في المزادات',
      handled: false,
      createdAt: expect.stringMatching(/Z$/),
    });
    const second = await inbox('?page=2&limit=2').expect(200);
    expect(second.body.messages[0].name).toBe(`${tag}-1`);
    expect(second.body.total).toBe(total);

    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=abc', 'limit'],
      ['?limit=201', 'limit'],
      ['?handled=maybe', 'handled'],
    ]) {
      const res = await inbox(query).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field }] });
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('marks a message handled and back, filters on it, and deletes it', async () => {
    const tag = randomUUID().slice(0, 8);
    await send(valid({ name: tag })).expect(201);
    const { id } = (await inbox('?limit=1').expect(200)).body.messages[0];

    const marked = await t
      .http()
      .patch(`/api/admin/contact-messages/${id}`)
      .set(admin.auth)
      .send({ handled: true })
      .expect(200);
    expect(marked.body).toMatchObject({
      success: true,
      message: 'تم تحديث حالة الرسالة',
      data: { _id: id, handled: true, name: tag },
    });
    const handled = (await inbox('?handled=true&limit=200').expect(200)).body.messages as { _id: string }[];
    expect(handled.map((m) => m._id)).toContain(id);
    const open = (await inbox('?handled=false&limit=200').expect(200)).body.messages as {
      _id: string;
      handled: boolean;
    }[];
    expect(open.map((m) => m._id)).not.toContain(id);
    expect(open.every((m) => !m.handled)).toBe(true);
    await t.http().patch(`/api/admin/contact-messages/${id}`).set(admin.auth).send({ handled: false }).expect(200);
    expect((await db.query(`SELECT handled FROM contact_messages WHERE id = $1`, [id]))[0].handled).toBe(false);

    for (const body of [{}, { handled: 'yes' }]) {
      const bad = await t.http().patch(`/api/admin/contact-messages/${id}`).set(admin.auth).send(body).expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'handled' }] });
    }
    expect(
      (await t.http().patch(`/api/admin/contact-messages/${id}`).set(admin.auth).send({}).expect(400)).body.message,
    ).toBe('حالة المعالجة مطلوبة');
    expect(
      (
        await t
          .http()
          .patch('/api/admin/contact-messages/not-a-uuid')
          .set(admin.auth)
          .send({ handled: true })
          .expect(400)
      ).body.code,
    ).toBe('INVALID_ID');

    const removed = await t.http().delete(`/api/admin/contact-messages/${id}`).set(admin.auth).expect(200);
    expect(removed.body).toEqual({ success: true, message: 'تم حذف الرسالة بنجاح' });
    expect(await db.query(`SELECT id FROM contact_messages WHERE id = $1`, [id])).toEqual([]);
    const missing = await t.http().delete(`/api/admin/contact-messages/${id}`).set(admin.auth).expect(404);
    expect(missing.body).toMatchObject({ code: 'CONTACT_MESSAGE_NOT_FOUND', message: 'رسالة التواصل غير موجودة' });
    await t.http().patch(`/api/admin/contact-messages/${id}`).set(admin.auth).send({ handled: true }).expect(404);
  });

  it('keeps the inbox from visitors (401), members and admins without an admin login (403), changing nothing', async () => {
    await send(valid({ name: 'محمية' })).expect(201);
    const [{ id }] = await db.query(`SELECT id FROM contact_messages WHERE name = 'محمية'`);
    const calls = [
      () => t.http().get('/api/admin/contact-messages'),
      () => t.http().patch(`/api/admin/contact-messages/${id}`).send({ handled: true }),
      () => t.http().delete(`/api/admin/contact-messages/${id}`),
    ];
    for (const call of calls) {
      expect((await call().expect(401)).body.code).toBe('UNAUTHORIZED');
      for (const who of [member, adminWithoutSession]) {
        const res = await call().set(who.auth).expect(403);
        expect(res.body).toMatchObject({ code: 'ADMIN_ONLY', message: 'هذه العملية متاحة للمشرفين فقط' });
      }
    }
    expect(await db.query(`SELECT handled FROM contact_messages WHERE id = $1`, [id])).toEqual([{ handled: false }]);
  });
});
