import { PasswordService } from '../../src/auth';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * R-ACCOUNT-LOCKOUT, R-RATE-LIMITS (docs/security.md, "No limit can be outrun by concurrency"): the failure limits of login, admin
 * login and change-credentials are counted atomically BEFORE the argon2 verification
 * (RateLimitService.attempt), so a burst of parallel guesses cannot outrun them. Each test
 * fires real parallel HTTP requests and counts the argon2 verifications that actually ran.
 */
const PANEL_PASSWORD = 'panel-password-for-limits';
const PARALLEL = 300;
/** Failed logins per email over every address it never signed in from (the ceiling; ADR 0010). */
const LOGIN_LIMIT = RATE_LIMIT_POLICIES['login-failures-email'].points;
/** Failed logins per client IP (the lock). */
const IP_LIMIT = RATE_LIMIT_POLICIES['login-failures-ip'].points;
const CREDENTIALS_LIMIT = RATE_LIMIT_POLICIES['credential-checks-member'].points;

describe('security: limits hold under parallel requests', () => {
  let t: TestApp;
  let verify: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_PANEL_PASSWORD: PANEL_PASSWORD });
    // A spy, not a mock: the real argon2 verification runs; we only count the calls.
    verify = jest.spyOn(t.app.get(PasswordService), 'verify');
  });
  afterAll(() => t.close());
  beforeEach(() => verify.mockClear());

  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  it(`login: ${PARALLEL} parallel wrong guesses for one email (from many IPs) verify at most ${LOGIN_LIMIT}; then the right password gets 429`, async () => {
    const member = await createUser(t, { password: 'right-password' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', clientIp())
          .send({ email: member.user.email, password: `wrong-${i}` }),
      ),
    );
    const counts = tally(results.map((r) => r.status));
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(PARALLEL);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'LOGIN_RATE_LIMITED', retryAfter: expect.any(Number) });

    const right = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: 'right-password' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('LOGIN_RATE_LIMITED');
  });

  it(`login: ${PARALLEL} parallel guesses from one IP over many emails verify at most ${IP_LIMIT}`, async () => {
    const ip = clientIp();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', ip)
          .send({ email: `nobody-${i}@example.com`, password: 'guess-123' }),
      ),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(IP_LIMIT);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(IP_LIMIT);
  });

  it('login: a right password gives its point back (only failures stay counted)', async () => {
    const member = await createUser(t, { password: 'right-password' });
    const ip = clientIp();
    const login = (password: string) =>
      t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.user.email, password });
    for (let i = 0; i < IP_LIMIT * 2; i++) await login('right-password').expect(200);
    for (let i = 0; i < IP_LIMIT - 1; i++) await login(`wrong-${i}`).expect(401);
    await login('right-password').expect(200);
    await login('wrong-last').expect(401);
    await login('right-password').expect(429);
  });

  it(`admin login: ${PARALLEL} parallel wrong panel passwords verify at most ${LOGIN_LIMIT}; then all-right credentials get 429`, async () => {
    const admin = await createUser(t, { isAdmin: true, password: 'admin-own-password' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t
          .http()
          .post('/api/auth/admin-login')
          .set('X-Forwarded-For', clientIp())
          .send({ email: admin.user.email, password: 'admin-own-password', adminPassword: `panel-guess-${i}` }),
      ),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(LOGIN_LIMIT);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(PARALLEL - LOGIN_LIMIT);

    const right = await t
      .http()
      .post('/api/auth/admin-login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: admin.user.email, password: 'admin-own-password', adminPassword: PANEL_PASSWORD });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('LOGIN_RATE_LIMITED');
  });

  it(`change-credentials: ${PARALLEL} parallel wrong current passwords verify at most ${CREDENTIALS_LIMIT}; then the right one gets 429`, async () => {
    const member = await createUser(t, { password: 'current-password' });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t
          .http()
          .put('/api/users/change-credentials')
          .set(member.auth)
          .send({ currentPassword: `wrong-${i}`, newPassword: 'taken-over-1' }),
      ),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(CREDENTIALS_LIMIT);
    const wrong = results.filter((r) => r.status === 400);
    expect(wrong.length).toBeLessThanOrEqual(CREDENTIALS_LIMIT);
    for (const r of wrong) expect(r.body.code).toBe('CURRENT_PASSWORD_WRONG');
    expect(results.filter((r) => r.status === 429).length).toBe(PARALLEL - wrong.length);

    const right = await t
      .http()
      .put('/api/users/change-credentials')
      .set(member.auth)
      .send({ currentPassword: 'current-password', newPassword: 'taken-over-1' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('CREDENTIALS_RATE_LIMITED');
    // The password is unchanged.
    await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: 'current-password' })
      .expect(200);
  });
});
