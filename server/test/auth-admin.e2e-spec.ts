import { DataSource } from 'typeorm';
import { TokenService } from '../src/auth/core/token.service';
import { clientIp } from './support/auth';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

const PANEL_PASSWORD = 'panel-password-123';

describe('accounts: admin login and the first administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_PANEL_PASSWORD: PANEL_PASSWORD });
  });
  afterAll(() => t.close());

  const adminLogin = (app: TestApp, body: object, ip = clientIp()) =>
    app.http().post('/api/auth/admin-login').set('X-Forwarded-For', ip).send(body);

  it('signs an admin in with the panel password: an admin-session token', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const res = await adminLogin(t, {
      email: admin.user.email,
      password: admin.password,
      adminPassword: PANEL_PASSWORD,
    }).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      token: expect.any(String),
      user: { _id: admin.user.id, isAdmin: true },
    });
    const session = await t.app.get(TokenService).verify(res.body.token);
    expect(session).toMatchObject({ id: admin.user.id, isAdmin: true, adminSession: true });
    // A plain login of the same admin is not an admin session.
    const plain = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: admin.user.email, password: admin.password })
      .expect(200);
    expect(await t.app.get(TokenService).verify(plain.body.token)).toMatchObject({
      isAdmin: true,
      adminSession: false,
    });
  });

  it('refuses a wrong panel password, a wrong password, a non-admin and an unknown email alike (401 ADMIN_LOGIN_FAILED)', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const member = await createUser(t);
    const attempts = [
      { email: admin.user.email, password: admin.password, adminPassword: 'wrong-panel-password' },
      { email: admin.user.email, password: 'wrong-password', adminPassword: PANEL_PASSWORD },
      { email: member.user.email, password: member.password, adminPassword: PANEL_PASSWORD },
      { email: uniqueEmail('ghost'), password: 'whatever', adminPassword: PANEL_PASSWORD },
    ];
    for (const body of attempts) {
      const res = await adminLogin(t, body).expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        code: 'ADMIN_LOGIN_FAILED',
        message: 'بيانات دخول المشرف غير صحيحة',
        error: 'بيانات دخول المشرف غير صحيحة',
      });
    }
  });

  it('needs the panel password field', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const res = await adminLogin(t, { email: admin.user.email, password: admin.password }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'adminPassword', message: 'كلمة مرور لوحة الإدارة مطلوبة' }]);
  });

  it('counts failed admin logins with the login limits (11th attempt → 429)', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      await adminLogin(
        t,
        { email: admin.user.email, password: admin.password, adminPassword: `wrong-${i}` },
        ip,
      ).expect(401);
    }
    const refused = await adminLogin(
      t,
      { email: admin.user.email, password: admin.password, adminPassword: PANEL_PASSWORD },
      ip,
    ).expect(429);
    expect(refused.body.code).toBe('LOGIN_RATE_LIMITED');
    // That address is now blocked for member login too; the account is not locked elsewhere.
    const member = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: admin.user.email, password: admin.password })
      .expect(429);
    expect(member.body.code).toBe('LOGIN_RATE_LIMITED');
    await adminLogin(
      t,
      { email: admin.user.email, password: admin.password, adminPassword: PANEL_PASSWORD },
      clientIp(),
    ).expect(200);
  });

  it('is disabled (403 ADMIN_LOGIN_DISABLED) when ADMIN_PANEL_PASSWORD is not set', async () => {
    const bare = await startTestApp();
    try {
      const admin = await createUser(bare, { isAdmin: true });
      const res = await adminLogin(bare, {
        email: admin.user.email,
        password: admin.password,
        adminPassword: 'anything-at-all',
      }).expect(403);
      expect(res.body).toMatchObject({
        statusCode: 403,
        code: 'ADMIN_LOGIN_DISABLED',
        message: expect.stringMatching(/[\u0600-\u06FF]/),
      });
    } finally {
      await bare.close();
    }
  });

  describe('first administrator from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
    const users = (app: TestApp, email: string) =>
      app.app
        .get(DataSource)
        .query('SELECT id, is_admin, is_verified, password_hash FROM users WHERE email = $1', [email]);

    it('two replicas starting at once create exactly one verified admin; a restart changes nothing', async () => {
      const email = uniqueEmail('Boss').toUpperCase();
      const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD: 'boss-password-1', ADMIN_PANEL_PASSWORD: PANEL_PASSWORD };
      const [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
      try {
        const rows = await users(a, email.toLowerCase());
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ is_admin: true, is_verified: true });
        const res = await adminLogin(b, {
          email: email.toLowerCase(),
          password: 'boss-password-1',
          adminPassword: PANEL_PASSWORD,
        }).expect(200);
        expect(res.body.user).toMatchObject({ isAdmin: true, isVerified: true, email: email.toLowerCase() });

        const again = await startTestApp(env);
        await again.close();
        const after = await users(a, email.toLowerCase());
        expect(after).toEqual(rows);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('never promotes an existing account it did not create (member keeps its rights, nothing changes)', async () => {
      const existing = await createUser(t, { password: 'own-password' });
      const [before] = await users(t, existing.user.email);
      const app = await startTestApp({
        ADMIN_EMAIL: existing.user.email,
        ADMIN_PASSWORD: 'bootstrap-password',
        ADMIN_PANEL_PASSWORD: PANEL_PASSWORD,
      });
      try {
        const [row] = await users(app, existing.user.email);
        expect(row).toEqual(before);
        expect(row.is_admin).toBe(false);
        for (const password of ['own-password', 'bootstrap-password']) {
          await adminLogin(app, { email: existing.user.email, password, adminPassword: PANEL_PASSWORD }).expect(401);
        }
      } finally {
        await app.close();
      }
    });
  });
});
