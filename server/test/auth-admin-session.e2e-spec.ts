import { TokenService } from '../src/auth/core/token.service';
import { clientIp } from './support/auth';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

const PANEL_PASSWORD = 'panel-password-123';

/**
 * POST /api/auth/admin-session: an admin signed in on the site opens the console with the panel
 * password alone (the site's token stands for the e-mail and password), under admin login's rules.
 */
describe('accounts: the console carries the site session of an admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_PANEL_PASSWORD: PANEL_PASSWORD });
  });
  afterAll(() => t.close());

  /** A member login, as the site's /login makes it: a token without the admin-session flag. */
  const siteLogin = async (email: string, password: string) =>
    (await t.http().post('/api/auth/login').set('X-Forwarded-For', clientIp()).send({ email, password }).expect(200))
      .body.token as string;
  const exchange = (token: string | null, adminPassword: unknown, ip = clientIp()) => {
    const req = t.http().post('/api/auth/admin-session').set('X-Forwarded-For', ip);
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ adminPassword });
  };

  it("turns an admin's site token and the panel password into an admin session", async () => {
    const admin = await createUser(t, { isAdmin: true });
    const siteToken = await siteLogin(admin.user.email, admin.password);
    // The site's token does not open the admin API.
    await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${siteToken}`).expect(403);

    const res = await exchange(siteToken, PANEL_PASSWORD).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { _id: admin.user.id, isAdmin: true },
    });
    expect(await t.app.get(TokenService).verify(res.body.token)).toMatchObject({
      id: admin.user.id,
      adminSession: true,
    });
    await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${res.body.token}`).expect(200);
  });

  it('refuses a wrong panel password and a member who is not an admin alike (401 ADMIN_LOGIN_FAILED), and no token (401)', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const member = await createUser(t);
    for (const [token, panel] of [
      [await siteLogin(admin.user.email, admin.password), 'wrong-panel-password'],
      [await siteLogin(member.user.email, member.password), PANEL_PASSWORD],
    ]) {
      const res = await exchange(token, panel).expect(401);
      expect(res.body).toMatchObject({ code: 'ADMIN_LOGIN_FAILED', message: expect.stringMatching(/[\u0600-\u06FF]/) });
    }
    expect((await exchange(null, PANEL_PASSWORD).expect(401)).body.code).toBe('UNAUTHORIZED');
    const empty = await exchange(await siteLogin(admin.user.email, admin.password), '').expect(400);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
  });

  it('counts failures with the failed-login limit of the address: the 11th attempt is 429 even with the right password', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const token = await siteLogin(admin.user.email, admin.password);
    const ip = clientIp();
    for (let i = 0; i < 10; i++) await exchange(token, `wrong-${i}`, ip).expect(401);
    const refused = await exchange(token, PANEL_PASSWORD, ip).expect(429);
    expect(refused.body.code).toBe('LOGIN_RATE_LIMITED');
    // Another address is not locked by these.
    await exchange(token, PANEL_PASSWORD).expect(200);
  });

  it('403 ADMIN_LOGIN_DISABLED without a configured panel password', async () => {
    const off = await startTestApp({ ADMIN_PANEL_PASSWORD: '' });
    try {
      const admin = await createUser(off, { isAdmin: true });
      const token = (
        await off
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', clientIp())
          .send({ email: admin.user.email, password: admin.password })
          .expect(200)
      ).body.token as string;
      const res = await off
        .http()
        .post('/api/auth/admin-session')
        .set('Authorization', `Bearer ${token}`)
        .send({ adminPassword: 'anything' })
        .expect(403);
      expect(res.body.code).toBe('ADMIN_LOGIN_DISABLED');
    } finally {
      await off.close();
    }
  });
});
