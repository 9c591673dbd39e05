import { clientIp, register } from './support/auth';
import { waitForMessages, waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';

/** The member journeys end to end: register → login → verify (email code) → signed in. */
describe('accounts: register, verify, log in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function registerAndHitVerification(ip: string) {
    const { res, fields } = await register(t, {}, ip);
    expect(res.status).toBe(201);
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: fields.email, password: fields.password })
      .expect(200);
    expect(login.body).toEqual({
      success: false,
      requiresVerification: true,
      message: expect.stringMatching(/[\u0600-\u06FF]/),
      userData: {
        userId: res.body.user._id,
        email: fields.email,
        name: fields.name,
        question: expect.stringMatching(/6 أرقام/),
      },
    });
    expect(login.body.token).toBeUndefined();
    return { fields, userId: res.body.user._id as string };
  }

  it('register → login asks for verification → email code → verify-otp → token → /auth/me', async () => {
    const ip = clientIp();
    const { fields, userId } = await registerAndHitVerification(ip);

    const sent = await t
      .http()
      .post('/api/otp/send-email-otp')
      .set('X-Forwarded-For', ip)
      .send({ identifier: fields.email })
      .expect(200);
    expect(sent.body).toMatchObject({
      success: true,
      message: expect.any(String),
      expiresInSeconds: 600,
      resendAfterSeconds: 60,
    });
    const mails = await waitForMessages(t.config.mailOutboxDir, fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/[\u0600-\u06FF]/);
    const code = await waitForNewCode(t.config.mailOutboxDir, fields.email);

    const verified = await t
      .http()
      .post('/api/otp/verify-otp')
      .set('X-Forwarded-For', ip)
      .send({ identifier: fields.email, otp: code, type: 'email' })
      .expect(200);
    expect(verified.body).toMatchObject({ success: true, message: expect.any(String), token: expect.any(String) });
    expect(verified.body.user).toMatchObject({
      _id: userId,
      id: userId,
      email: fields.email,
      isVerified: true,
      isAdmin: false,
    });

    const me = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${verified.body.token}`).expect(200);
    expect(me.body).toEqual({ success: true, user: verified.body.user });

    // Verified now: login signs in straight away.
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ email: fields.email, password: fields.password })
      .expect(200);
    expect(login.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { _id: userId, isVerified: true },
    });
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);

    // The code was used up.
    const again = await t
      .http()
      .post('/api/otp/verify-otp')
      .set('X-Forwarded-For', ip)
      .send({ identifier: fields.email, otp: code, type: 'email' })
      .expect(400);
    expect(again.body.code).toBe('OTP_REJECTED');
  });

  it('the same through POST /api/auth/verify with the userId from login', async () => {
    const ip = clientIp();
    const { fields, userId } = await registerAndHitVerification(ip);
    await t
      .http()
      .post('/api/otp/send-email-otp')
      .set('X-Forwarded-For', ip)
      .send({ identifier: fields.email.toUpperCase() })
      .expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, fields.email);

    const verified = await t
      .http()
      .post('/api/auth/verify')
      .set('X-Forwarded-For', ip)
      .send({ userId, verificationCode: code })
      .expect(200);
    expect(verified.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { _id: userId, isVerified: true },
    });
    const me = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${verified.body.token}`).expect(200);
    expect(me.body.user.email).toBe(fields.email);
  });

  it('accepts a numeric code and puts its leading zeros back', async () => {
    const ip = clientIp();
    const { fields, userId } = await registerAndHitVerification(ip);
    await t
      .http()
      .post('/api/otp/send-email-otp')
      .set('X-Forwarded-For', ip)
      .send({ identifier: fields.email })
      .expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, fields.email);
    const res = await t
      .http()
      .post('/api/auth/verify')
      .set('X-Forwarded-For', ip)
      .send({ userId, verificationCode: Number(code) });
    expect(res.status).toBe(200);
  });

  it('validates the verify payloads with Arabic messages', async () => {
    const ip = clientIp();
    const bad = async (path: string, body: object, field: string, message: string) => {
      const res = await t.http().post(path).set('X-Forwarded-For', ip).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
    };
    const userId = '7d3c1b2a-1111-4222-8333-944455556666';
    await bad(
      '/api/auth/verify',
      { userId, verificationCode: '12345' },
      'verificationCode',
      'رمز التحقق يجب أن يكون 6 أرقام',
    );
    await bad(
      '/api/auth/verify',
      { userId, verificationCode: '1234567' },
      'verificationCode',
      'رمز التحقق يجب أن يكون 6 أرقام',
    );
    await bad(
      '/api/auth/verify',
      { userId, verificationCode: '12a456' },
      'verificationCode',
      'رمز التحقق يجب أن يكون 6 أرقام',
    );
    await bad('/api/auth/verify', { userId }, 'verificationCode', 'رمز التحقق مطلوب');
    await bad('/api/auth/verify', { userId: 'nope', verificationCode: '123456' }, 'userId', 'معرّف المستخدم غير صالح');
    await bad(
      '/api/otp/verify-otp',
      { identifier: 'a@example.com', otp: '12345', type: 'email' },
      'otp',
      'رمز التحقق يجب أن يكون 6 أرقام',
    );
    await bad(
      '/api/otp/verify-otp',
      { identifier: 'a@example.com', otp: '123456', type: 'sms' },
      'type',
      'يرجى اختيار طريقة التحقق',
    );
    await bad(
      '/api/otp/verify-otp',
      { identifier: 'a@example.com', otp: '123456' },
      'type',
      'يرجى اختيار طريقة التحقق',
    );
    await bad('/api/otp/verify-otp', { otp: '123456', type: 'email' }, 'identifier', 'المعرّف مطلوب');
    await bad('/api/otp/send-email-otp', {}, 'identifier', 'البريد الإلكتروني مطلوب');
    await bad('/api/otp/send-email-otp', { identifier: 'not-an-email' }, 'identifier', 'البريد الإلكتروني غير صالح');
  });

  it('an unknown account or one without a live code answers OTP_REJECTED (like a wrong code)', async () => {
    const ip = clientIp();
    const unknown = await t
      .http()
      .post('/api/auth/verify')
      .set('X-Forwarded-For', ip)
      .send({ userId: '7d3c1b2a-1111-4222-8333-944455556666', verificationCode: '123456' })
      .expect(400);
    expect(unknown.body.code).toBe('OTP_REJECTED');
    const { userId } = await registerAndHitVerification(ip);
    const noCode = await t
      .http()
      .post('/api/auth/verify')
      .set('X-Forwarded-For', ip)
      .send({ userId, verificationCode: '123456' })
      .expect(400);
    expect(noCode.body.code).toBe('OTP_REJECTED');
  });

  it('GET /api/auth/me needs a valid token', async () => {
    const none = await t.http().get('/api/auth/me').expect(401);
    expect(none.body.code).toBe('UNAUTHORIZED');
    const bad = await t.http().get('/api/auth/me').set('Authorization', 'Bearer not.a.token').expect(401);
    expect(bad.body.code).toBe('TOKEN_INVALID');
  });

  it('documents every account endpoint in the OpenAPI document (tags auth and otp)', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const expected: [string, string, string][] = [
      ['get', '/api/auth/challenge', 'auth'],
      ['post', '/api/auth/register', 'auth'],
      ['post', '/api/auth/login', 'auth'],
      ['get', '/api/auth/me', 'auth'],
      ['post', '/api/auth/verify', 'auth'],
      ['post', '/api/auth/forgot-password', 'auth'],
      ['post', '/api/auth/reset-password', 'auth'],
      ['post', '/api/auth/admin-login', 'auth'],
      ['post', '/api/auth/logout-all', 'auth'],
      ['get', '/api/otp/available-services', 'otp'],
      ['post', '/api/otp/send-email-otp', 'otp'],
      ['post', '/api/otp/send-telegram-otp', 'otp'],
      ['post', '/api/otp/verify-otp', 'otp'],
    ];
    for (const [method, path, tag] of expected) {
      const operation = doc.paths[path]?.[method];
      expect({ path, tags: operation?.tags, summary: typeof operation?.summary }).toEqual({
        path,
        tags: [tag],
        summary: 'string',
      });
    }
    expect(doc.components.schemas.RegisterDto.required).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'location', 'password', 'challengeId', 'challengeAnswer']),
    );
  });
});
