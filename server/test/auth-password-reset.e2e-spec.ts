import { DataSource } from 'typeorm';
import { CodeSendThrottle } from '../src/auth/codes/code-send-throttle.service';
import { VerificationCodeService } from '../src/auth/codes/verification-code.service';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { clientIp } from './support/auth';
import { deliveriesSettled } from './support/deliveries';
import { messagesTo, waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

describe('accounts: forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip = clientIp()) =>
    t.http().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });
  const reset = (body: object, ip = clientIp()) =>
    t.http().post('/api/auth/reset-password').set('X-Forwarded-For', ip).send(body);
  /** Lets the background issue of a code run (it answers first), then its queued mail go out. */
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deliveriesSettled(t);
  };
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers exactly the same way for a known and an unknown email', async () => {
    const member = await createUser(t);
    const known = await forgot(member.user.email).expect(200);
    const unknown = await forgot(uniqueEmail('ghost')).expect(200);
    expect(Object.keys(known.body).sort()).toEqual(['message', 'success', 'userId', 'verificationQuestion']);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.success).toBe(true);
    expect(unknown.body.message).toBe(known.body.message);
    expect(unknown.body.verificationQuestion).toBe(known.body.verificationQuestion);
    expect(known.body.userId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(unknown.body.userId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The handle is not the account id, and the same email always gets the same handle.
    expect(known.body.userId).not.toBe(member.user.id);
    expect((await forgot(member.user.email.toUpperCase()).expect(200)).body.userId).toBe(known.body.userId);

    await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    await settle();
    expect(messagesTo(t.config.mailOutboxDir, member.user.email)).toHaveLength(1); // the second ask fell in the cooldown
  });

  it('sends nothing to an unknown email, and its handle never resets anything', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await forgot(ghost).expect(200);
    await settle();
    expect(messagesTo(t.config.mailOutboxDir, ghost)).toHaveLength(0);
    const attempt = await reset({
      userId: res.body.userId,
      verificationAnswer: '123456',
      password: 'new-secret',
    }).expect(400);
    expect(attempt.body.code).toBe('OTP_INVALID'); // like a known account's wrong code
    expect(attempt.body.attemptsLeft).toBe(4);
  });

  it('wrong code then right code: the password changes, old tokens die, the code is used up', async () => {
    const member = await createUser(t, { password: 'old-secret' });
    const handle = (await forgot(member.user.email).expect(200)).body.userId;
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const mail = messagesTo(t.config.mailOutboxDir, member.user.email).at(-1)!;
    expect(mail.subject).toMatch(/كلمة المرور/);

    const wrong = await reset({
      userId: handle,
      verificationAnswer: wrongCodeFor(code),
      password: 'new-secret',
    }).expect(400);
    expect(wrong.body).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: 4, message: 'رمز التحقق غير صحيح' });

    const ok = await reset({ userId: handle, verificationAnswer: code, password: 'new-secret' }).expect(200);
    expect(ok.body).toEqual({ success: true, message: expect.stringMatching(/[\u0600-\u06FF]/) });

    const old = await t.http().get('/api/auth/me').set('Authorization', `Bearer ${member.token}`).expect(401);
    expect(old.body.code).toBe('TOKEN_INVALID');
    await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: 'old-secret' })
      .expect(401);
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: 'new-secret' })
      .expect(200);
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    const [row] = await t.app.get(DataSource).query('SELECT password_hash FROM users WHERE id = $1', [member.user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const replay = await reset({ userId: handle, verificationAnswer: code, password: 'another-secret' }).expect(400);
    expect(replay.body.code).toBe('OTP_EXPIRED');
  });

  it('a reset also verifies an unverified account (it proves control of the email)', async () => {
    const member = await createUser(t, { isVerified: false });
    const handle = (await forgot(member.user.email).expect(200)).body.userId;
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    await reset({ userId: handle, verificationAnswer: code, password: 'new-secret' }).expect(200);
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: member.user.email, password: 'new-secret' })
      .expect(200);
    expect(login.body).toMatchObject({ success: true, user: { isVerified: true } });
  });

  it('5 wrong codes burn the code: then even the right one fails (OTP_TOO_MANY_ATTEMPTS)', async () => {
    const member = await createUser(t);
    const handle = (await forgot(member.user.email).expect(200)).body.userId;
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const ip = clientIp();
    for (const left of [4, 3, 2, 1]) {
      const res = await reset(
        { userId: handle, verificationAnswer: wrongCodeFor(code), password: 'new-secret' },
        ip,
      ).expect(400);
      expect(res.body).toMatchObject({ code: 'OTP_INVALID', attemptsLeft: left });
    }
    const fifth = await reset(
      { userId: handle, verificationAnswer: wrongCodeFor(code), password: 'new-secret' },
      ip,
    ).expect(400);
    expect(fifth.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const right = await reset({ userId: handle, verificationAnswer: code, password: 'new-secret' }, ip).expect(400);
    expect(right.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    await t.http().get('/api/auth/me').set('Authorization', `Bearer ${member.token}`).expect(200);
  });

  it('an expired code answers OTP_EXPIRED', async () => {
    const member = await createUser(t);
    const handle = (await forgot(member.user.email).expect(200)).body.userId;
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const key = t.app.get(VerificationCodeService).key('reset', handle);
    const redis = t.app.get(RedisService).client;
    expect(await redis.pttl(key)).toBeGreaterThan(590_000);
    await redis.pexpire(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await reset({ userId: handle, verificationAnswer: code, password: 'new-secret' }).expect(400);
    expect(res.body).toMatchObject({ code: 'OTP_EXPIRED', message: 'انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد' });
  });

  it('a new request after the cooldown replaces the code', async () => {
    const member = await createUser(t);
    const handle = (await forgot(member.user.email).expect(200)).body.userId;
    const first = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    await t.app.get(RedisService).client.del(t.app.get(CodeSendThrottle).cooldownKey('reset', member.user.email));
    await forgot(member.user.email).expect(200);
    const second = await waitForNewCode(t.config.mailOutboxDir, member.user.email, 1);
    if (first !== second) {
      const stale = await reset({ userId: handle, verificationAnswer: first, password: 'new-secret' }).expect(400);
      expect(stale.body.code).toBe('OTP_INVALID');
    }
    await reset({ userId: handle, verificationAnswer: second, password: 'new-secret' }).expect(200);
  });

  it('validates the payloads with Arabic messages', async () => {
    const handle = (await forgot(uniqueEmail('v')).expect(200)).body.userId;
    const cases: [object, string, string][] = [
      [{ verificationAnswer: '123456', password: 'new-secret' }, 'userId', 'معرّف إعادة التعيين مطلوب'],
      [
        { userId: 'abc', verificationAnswer: '123456', password: 'new-secret' },
        'userId',
        'معرّف إعادة التعيين غير صالح',
      ],
      [{ userId: handle, password: 'new-secret' }, 'verificationAnswer', 'إجابة التحقق مطلوبة'],
      [
        { userId: handle, verificationAnswer: '12345', password: 'new-secret' },
        'verificationAnswer',
        'رمز التحقق يجب أن يكون 6 أرقام',
      ],
      [{ userId: handle, verificationAnswer: '123456' }, 'password', 'كلمة المرور مطلوبة'],
      [
        { userId: handle, verificationAnswer: '123456', password: '12345' },
        'password',
        'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await reset(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    const noEmail = await forgot('').expect(400);
    expect(noEmail.body.errors).toEqual([{ field: 'email', message: 'البريد الإلكتروني مطلوب' }]);
    const badEmail = await forgot('nope').expect(400);
    expect(badEmail.body.errors).toEqual([{ field: 'email', message: 'البريد الإلكتروني غير صالح' }]);
  });

  it('limits forgot/reset requests to 20 per 15 minutes per IP (429 RESET_RATE_LIMITED)', async () => {
    const ip = clientIp();
    await t.app.get(RateLimitService).consume('password-resets-ip', ip, 19);
    await reset(
      { userId: '7d3c1b2a-1111-8222-8333-944455556666', verificationAnswer: '123456', password: 'new-secret' },
      ip,
    ).expect(400);
    const refused = await reset(
      { userId: '7d3c1b2a-1111-8222-8333-944455556666', verificationAnswer: '123456', password: 'new-secret' },
      ip,
    ).expect(429);
    expect(refused.body.code).toBe('RESET_RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const forgotRefused = await forgot(uniqueEmail('x'), ip).expect(429);
    expect(forgotRefused.body.code).toBe('RESET_RATE_LIMITED');
  });
});
