import { clientIp } from './support/auth';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

describe('accounts: login, rate limits, logout everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const login = (body: object, ip = clientIp()) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send(body);

  it('signs a verified member in with a token (email case and spaces do not matter)', async () => {
    const member = await createUser(t);
    const res = await login({ email: `  ${member.user.email.toUpperCase()} `, password: member.password }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: 'تم تسجيل الدخول بنجاح', token: expect.any(String) });
    expect(res.body.user).toEqual({
      _id: member.user.id,
      id: member.user.id,
      name: member.user.name,
      email: member.user.email,
      phone: member.user.phone,
      location: member.user.location,
      profileImage: null,
      isVerified: true,
      isAdmin: false,
      createdAt: member.user.createdAt.toISOString(),
    });
    const me = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body.user._id).toBe(member.user.id);
  });

  it('answers a wrong password and an unknown email identically: 401 INVALID_CREDENTIALS', async () => {
    const member = await createUser(t);
    const wrong = await login({ email: member.user.email, password: 'wrong-password' }).expect(401);
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'wrong-password' }).expect(401);
    const expected = {
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      error: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    };
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
  });

  it('does not sign an unverified member in, even with the right password', async () => {
    const member = await createUser(t, { isVerified: false });
    const res = await login({ email: member.user.email, password: member.password }).expect(200);
    expect(res.body).toMatchObject({
      success: false,
      requiresVerification: true,
      userData: { userId: member.user.id, email: member.user.email, name: member.user.name },
    });
    expect(res.body.token).toBeUndefined();
    const wrong = await login({ email: member.user.email, password: 'nope-nope' }).expect(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('validates the login payload', async () => {
    const missing = await login({}).expect(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'البريد الإلكتروني مطلوب' },
        { field: 'password', message: 'كلمة المرور مطلوبة' },
      ]),
    );
    const unknownField = await login({ email: 'a@example.com', password: 'x', remember: true }).expect(400);
    expect(unknownField.body.code).toBe('UNKNOWN_FIELD');
  });

  it('after 10 failed logins for one email from one address the 11th attempt there is 429 LOGIN_RATE_LIMITED, even with the right password; elsewhere the member still signs in', async () => {
    const member = await createUser(t);
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: member.user.email, password: `wrong-${i}` }, ip);
      expect(res.status).toBe(401);
    }
    const refused = await login({ email: member.user.email, password: member.password }, ip).expect(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      code: 'LOGIN_RATE_LIMITED',
      message: expect.stringMatching(/15 دقيقة/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Guesses from one address do not lock the account (docs/adr/0010-login-lockout-per-address.md).
    await login({ email: member.user.email, password: member.password }, clientIp()).expect(200);
  });

  it('after 10 failed logins from one IP (any emails) the 11th attempt from it is 429; other IPs still log in', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      await login({ email: uniqueEmail('spray'), password: 'wrong-password' }, ip).expect(401);
    }
    const member = await createUser(t);
    const refused = await login({ email: member.user.email, password: member.password }, ip).expect(429);
    expect(refused.body.code).toBe('LOGIN_RATE_LIMITED');
    await login({ email: member.user.email, password: member.password }, clientIp()).expect(200);
  });

  it('successful logins are not counted', async () => {
    const member = await createUser(t);
    const ip = clientIp();
    for (let i = 0; i < 12; i++) await login({ email: member.user.email, password: member.password }, ip).expect(200);
  });

  it('logout-all retires every earlier token of the account (401 TOKEN_INVALID)', async () => {
    const member = await createUser(t);
    const first = (await login({ email: member.user.email, password: member.password }).expect(200)).body.token;
    const second = (await login({ email: member.user.email, password: member.password }).expect(200)).body.token;
    const res = await t.http().post('/api/auth/logout-all').set('Authorization', `Bearer ${first}`).expect(200);
    expect(res.body).toEqual({ success: true, message: expect.stringMatching(/[\u0600-\u06FF]/) });
    for (const token of [first, second, member.token]) {
      const me = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
      expect(me.body.code).toBe('TOKEN_INVALID');
    }
    const fresh = (await login({ email: member.user.email, password: member.password }).expect(200)).body.token;
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${fresh}`).expect(200);
    await t.http().post('/api/auth/logout-all').expect(401);
  });

  it('RATE_LIMITS=off lifts the failed-login limit', async () => {
    const relaxed = await startTestApp({ RATE_LIMITS: 'off' });
    try {
      const member = await createUser(relaxed);
      const ip = clientIp();
      for (let i = 0; i < 11; i++) {
        await relaxed
          .http()
          .post('/api/auth/login')
          .set('X-Forwarded-For', ip)
          .send({ email: member.user.email, password: 'wrong-password' })
          .expect(401);
      }
      await relaxed
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: member.user.email, password: member.password })
        .expect(200);
    } finally {
      await relaxed.close();
    }
  });
});
