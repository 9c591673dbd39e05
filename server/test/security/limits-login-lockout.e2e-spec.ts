import { PasswordService } from '../../src/auth';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * Failed logins used to be counted per email from anywhere (10 per 15 minutes): anyone who knew
 * an operator's email could lock them out of the console, indefinitely, with ten guesses. Now
 * the lock is per client address (and so per email from that address), and the email keeps
 * only a much higher ceiling over the addresses it never signed in from
 * (docs/adr/0010-login-lockout-per-address.md).
 */
const PANEL_PASSWORD = 'panel-password-for-lockout';
const IP_LIMIT = RATE_LIMIT_POLICIES['login-failures-ip'].points;
const CEILING = RATE_LIMIT_POLICIES['login-failures-email'].points;
const ATTACK = 300;

describe('security: nobody can lock an operator out from their own addresses', () => {
  let t: TestApp;
  let verify: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_PANEL_PASSWORD: PANEL_PASSWORD });
    // A spy, not a mock: the real argon2 verification runs; we only count the calls.
    verify = jest.spyOn(t.app.get(PasswordService), 'verify');
  });
  afterAll(() => t.close());
  beforeEach(() => verify.mockClear());

  const adminLogin = (email: string, ip: string, password: string, adminPassword = PANEL_PASSWORD) =>
    t.http().post('/api/auth/admin-login').set('X-Forwarded-For', ip).send({ email, password, adminPassword });

  it(`${ATTACK} wrong guesses from ${ATTACK / IP_LIMIT} other addresses do not stop the operator at their address`, async () => {
    const admin = await createUser(t, { isAdmin: true, password: 'operator-password' });
    const email = admin.user.email;
    const office = clientIp();
    await adminLogin(email, office, 'operator-password').expect(200);
    verify.mockClear();

    // The attacker: every address used up to its own lock, half on the console, half on login.
    const attackers = Array.from({ length: ATTACK / IP_LIMIT }, () => clientIp());
    const results = await Promise.all(
      attackers.flatMap((ip, a) =>
        Array.from({ length: IP_LIMIT }, (_, i) =>
          a % 2
            ? adminLogin(email, ip, `guess-${a}-${i}`, `panel-guess-${i}`)
            : t
                .http()
                .post('/api/auth/login')
                .set('X-Forwarded-For', ip)
                .send({ email, password: `guess-${a}-${i}` }),
        ),
      ),
    );
    // The email's ceiling bounded the guessing over all those addresses…
    expect(verify.mock.calls.length).toBeLessThanOrEqual(CEILING);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(ATTACK - CEILING);
    const unknown = await adminLogin(email, clientIp(), 'operator-password');
    expect(unknown.status).toBe(429);
    expect(unknown.body).toMatchObject({ code: 'LOGIN_RATE_LIMITED', retryAfter: expect.any(Number) });

    // …and the operator still signs in where they did before, with the panel password.
    const res = await adminLogin(email, office, 'operator-password').expect(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), user: { isAdmin: true } });
    await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${res.body.token}`).expect(200);
  });

  it('the console session of an admin signed in on the site follows the same rule: the ceiling never stops it at a known address', async () => {
    const admin = await createUser(t, { isAdmin: true, password: 'operator-password' });
    const email = admin.user.email;
    const office = clientIp();
    // Signed in on the site from the office: the address is known for the email.
    const site = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', office)
      .send({ email, password: 'operator-password' })
      .expect(200);
    const session = (ip: string, adminPassword: string) =>
      t
        .http()
        .post('/api/auth/admin-session')
        .set('X-Forwarded-For', ip)
        .set('Authorization', `Bearer ${site.body.token}`)
        .send({ adminPassword });

    // A stranger spends the email's ceiling on the console from addresses of their own.
    const attackers = Array.from({ length: CEILING / IP_LIMIT + 1 }, () => clientIp());
    await Promise.all(
      attackers.flatMap((ip) =>
        Array.from({ length: IP_LIMIT }, (_, i) => adminLogin(email, ip, `guess-${i}`, `panel-guess-${i}`)),
      ),
    );
    expect((await adminLogin(email, clientIp(), 'operator-password').expect(429)).body.code).toBe('LOGIN_RATE_LIMITED');

    // From the office, the right panel password opens the console; a wrong one is only a 401 there.
    expect((await session(office, 'panel-guess').expect(401)).body.code).toBe('ADMIN_LOGIN_FAILED');
    const res = await session(office, PANEL_PASSWORD).expect(200);
    await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    // An address the email never signed in from is still held to the ceiling, panel password or not.
    expect((await session(clientIp(), PANEL_PASSWORD).expect(429)).body.code).toBe('LOGIN_RATE_LIMITED');
  });

  it('the lock is per address: one address used up does not lock the account elsewhere', async () => {
    const member = await createUser(t, { password: 'member-password' });
    const login = (ip: string, password: string) =>
      t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: member.user.email, password });
    const attacker = clientIp();
    for (let i = 0; i < IP_LIMIT; i++) await login(attacker, `wrong-${i}`).expect(401);
    const locked = await login(attacker, 'member-password').expect(429);
    expect(locked.body.code).toBe('LOGIN_RATE_LIMITED');
    // A first login from a new address (not known for this email) is not stopped either.
    await login(clientIp(), 'member-password').expect(200);
  });
});
