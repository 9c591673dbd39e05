import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { UserEntity } from '../src/users/entities/user.entity';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

const ARABIC = /[\u0600-\u06FF]/;

describe('users: view and edit profile', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'سارة', phone: '+962 79 000 1111', location: 'إربد' });
    stranger = await createUser(t, { name: 'زائر' });
  });
  afterAll(() => t.close());

  const validBody = { name: 'سارة أحمد', phone: '+962 (79) 555-1234', location: 'الزرقاء' };

  describe('GET /api/users/:id', () => {
    it('shows a visitor the public fields only', async () => {
      const res = await t.http().get(`/api/users/${owner.user.id}`).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.user).toEqual({
        _id: owner.user.id,
        id: owner.user.id,
        name: 'سارة',
        location: 'إربد',
        profileImage: null,
        createdAt: expect.any(String),
      });
      expect(new Date(res.body.user.createdAt).toISOString()).toBe(res.body.user.createdAt);
    });

    it('shows another member the public fields only (no email, phone or hash)', async () => {
      const res = await t.http().get(`/api/users/${owner.user.id}`).set(stranger.auth).expect(200);
      const text = JSON.stringify(res.body);
      expect(res.body.user).not.toHaveProperty('email');
      expect(res.body.user).not.toHaveProperty('phone');
      expect(res.body.user).not.toHaveProperty('passwordHash');
      expect(res.body.user).not.toHaveProperty('isAdmin');
      expect(text).not.toContain(owner.user.email);
      expect(text).not.toContain('argon2');
    });

    it('shows the owner their contact details', async () => {
      const res = await t.http().get(`/api/users/${owner.user.id}`).set(owner.auth).expect(200);
      expect(res.body.user).toMatchObject({
        id: owner.user.id,
        email: owner.user.email,
        phone: '+962 79 000 1111',
        isVerified: true,
        isAdmin: false,
      });
      expect(JSON.stringify(res.body)).not.toContain('argon2');
    });

    it('shows an admin session the contact details, but not an admin without an admin-login token', async () => {
      const adminSession = await createUser(t, { isAdmin: true, adminSession: true });
      const plainAdmin = await createUser(t, { isAdmin: true });
      const asSession = await t.http().get(`/api/users/${owner.user.id}`).set(adminSession.auth).expect(200);
      expect(asSession.body.user.email).toBe(owner.user.email);
      const asPlain = await t.http().get(`/api/users/${owner.user.id}`).set(plainAdmin.auth).expect(200);
      expect(asPlain.body.user).not.toHaveProperty('email');
    });

    it('answers 404 USER_NOT_FOUND for an unknown id', async () => {
      const res = await t.http().get(`/api/users/${randomUUID()}`).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
      expect(res.body.message).toMatch(ARABIC);
      expect(res.body.error).toBe(res.body.message);
    });

    it('answers 400 INVALID_ID for an id that is not a UUID', async () => {
      const res = await t.http().get('/api/users/not-a-uuid').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_ID' });
    });
  });

  describe('PUT /api/users/:id', () => {
    it('updates the own profile, trimming the values', async () => {
      const me = await createUser(t);
      const res = await t
        .http()
        .put(`/api/users/${me.user.id}`)
        .set(me.auth)
        .send({ name: '  سارة أحمد  ', phone: ' +962 (79) 555-1234 ', location: ' الزرقاء ' })
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: expect.stringMatching(ARABIC),
        user: {
          id: me.user.id,
          name: 'سارة أحمد',
          phone: '+962795551234',
          location: 'الزرقاء',
          email: me.user.email,
        },
      });
      const stored = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id: me.user.id });
      // The phone in its one form (R-NUMBER-INPUT).
      expect(stored).toMatchObject({ name: 'سارة أحمد', phone: '+962795551234', location: 'الزرقاء' });
      const shown = await t.http().get(`/api/users/${me.user.id}`).expect(200);
      expect(shown.body.user).toMatchObject({ name: 'سارة أحمد', location: 'الزرقاء' });
    });

    it('forgets the Telegram link when the phone number changes, keeps it otherwise', async () => {
      const me = await createUser(t, { phone: '0791111111' });
      const repo = t.app.get(DataSource).getRepository(UserEntity);
      await repo.update({ id: me.user.id }, { telegramChatId: '12345' });
      const chatId = async () =>
        (await repo.findOneOrFail({ where: { id: me.user.id }, select: { id: true, telegramChatId: true } }))
          .telegramChatId;

      await t
        .http()
        .put(`/api/users/${me.user.id}`)
        .set(me.auth)
        .send({ name: 'اسم', phone: '0791111111', location: 'عمّان' })
        .expect(200);
      expect(await chatId()).toBe('12345');
      await t
        .http()
        .put(`/api/users/${me.user.id}`)
        .set(me.auth)
        .send({ name: 'اسم', phone: '0792222222', location: 'عمّان' })
        .expect(200);
      expect(await chatId()).toBeNull();
    });

    const invalid: [string, Record<string, unknown>, string, RegExp][] = [
      ['empty name', { ...validBody, name: '' }, 'name', /الاسم مطلوب/],
      ['blank name', { ...validBody, name: '    ' }, 'name', /الاسم مطلوب/],
      ['missing name', { phone: validBody.phone, location: validBody.location }, 'name', /الاسم مطلوب/],
      ['short name', { ...validBody, name: ' س ' }, 'name', /الاسم يجب أن يكون حرفين على الأقل/],
      ['long name', { ...validBody, name: 'س'.repeat(101) }, 'name', /الاسم/],
      ['empty phone', { ...validBody, phone: ' ' }, 'phone', /رقم الهاتف مطلوب/],
      [
        'phone with letters',
        { ...validBody, phone: '079abc1234' },
        'phone',
        /^رقم الهاتف يجب أن يكون رقم هاتف محمول أردني/,
      ],
      ['phone as a number', { ...validBody, phone: 791234567 }, 'phone', /رقم الهاتف/],
      ['empty location', { ...validBody, location: '' }, 'location', /الموقع مطلوب/],
      ['missing location', { name: validBody.name, phone: validBody.phone }, 'location', /الموقع مطلوب/],
    ];
    it.each(invalid)('rejects %s with 400 naming the field in Arabic', async (_label, body, field, message) => {
      const res = await t.http().put(`/api/users/${owner.user.id}`).set(owner.auth).send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.message).toMatch(message);
      expect(res.body.error).toBe(res.body.message);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });

    it('leaves the profile untouched when the body is invalid', async () => {
      const me = await createUser(t, { name: 'الأصلي' });
      await t
        .http()
        .put(`/api/users/${me.user.id}`)
        .set(me.auth)
        .send({ ...validBody, phone: 'bad!' })
        .expect(400);
      const res = await t.http().get(`/api/users/${me.user.id}`).expect(200);
      expect(res.body.user.name).toBe('الأصلي');
    });

    it("refuses to edit another member's profile with 403 NOT_PROFILE_OWNER", async () => {
      const res = await t.http().put(`/api/users/${owner.user.id}`).set(stranger.auth).send(validBody).expect(403);
      expect(res.body).toMatchObject({
        statusCode: 403,
        code: 'NOT_PROFILE_OWNER',
        message: expect.stringMatching(ARABIC),
      });
      const after = await t.http().get(`/api/users/${owner.user.id}`).expect(200);
      expect(after.body.user.name).toBe('سارة');
    });

    it('refuses an admin too: only the owner edits a profile', async () => {
      const admin = await createUser(t, { isAdmin: true, adminSession: true });
      await t.http().put(`/api/users/${owner.user.id}`).set(admin.auth).send(validBody).expect(403);
    });

    it('answers 401 when signed out and when the token is bad', async () => {
      const anon = await t.http().put(`/api/users/${owner.user.id}`).send(validBody).expect(401);
      expect(anon.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      const bad = await t
        .http()
        .put(`/api/users/${owner.user.id}`)
        .set('Authorization', 'Bearer nonsense')
        .send(validBody)
        .expect(401);
      expect(bad.body.code).toBe('TOKEN_INVALID');
    });

    it('rejects unknown fields with 400 UNKNOWN_FIELD (no sneaking in isAdmin)', async () => {
      const res = await t
        .http()
        .put(`/api/users/${owner.user.id}`)
        .set(owner.auth)
        .send({ ...validBody, isAdmin: true })
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'UNKNOWN_FIELD' });
      expect(res.body.message).toContain('isAdmin');
      const stored = await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ id: owner.user.id });
      expect(stored.isAdmin).toBe(false);
    });

    it('answers 400 INVALID_ID for a non-UUID id', async () => {
      const res = await t.http().put('/api/users/123').set(owner.auth).send(validBody).expect(400);
      expect(res.body.code).toBe('INVALID_ID');
    });
  });

  it('documents the users endpoints in OpenAPI', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    const paths = res.body.paths;
    expect(paths['/api/users/{id}']).toHaveProperty('get');
    expect(paths['/api/users/{id}']).toHaveProperty('put');
    expect(paths['/api/users/change-credentials']).toHaveProperty('put');
    expect(Object.keys(paths['/api/users/profile-image'].put.requestBody.content)).toEqual(['multipart/form-data']);
    expect(paths['/api/users/{id}'].put.tags).toEqual(['users']);
  });
});
