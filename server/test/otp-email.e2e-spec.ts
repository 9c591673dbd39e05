import { CodeSendThrottle } from '../src/auth/codes/code-send-throttle.service';
import { VerificationCodeService } from '../src/auth/codes/verification-code.service';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { clientIp } from './support/auth';
import { deliveriesSettled } from './support/deliveries';
import { messagesTo, waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

describe('verification codes by email (/api/otp)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const send = (app: TestApp, identifier: string) =>
    app.http().post('/api/otp/send-email-otp').set('X-Forwarded-For', clientIp()).send({ identifier });
  const verify = (identifier: string, otp: string, ip = clientIp()) =>
    t.http().post('/api/otp/verify-otp').set('X-Forwarded-For', ip).send({ identifier, otp, type: 'email' });
  const redis = () => t.app.get(RedisService).client;
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const endCooldown = (app: TestApp, identifier: string) =>
    app.app.get(RedisService).client.del(app.app.get(CodeSendThrottle).cooldownKey('verify', identifier));

  it('reports the available channels (Telegram off without a bot token)', async () => {
    const res = await t.http().get('/api/otp/available-services').expect(200);
    expect(res.body).toEqual({ success: true, services: { email: true, telegram: false } });
    const telegram = await t
      .http()
      .post('/api/otp/send-telegram-otp')
      .send({ identifier: 'a@example.com' })
      .expect(503);
    expect(telegram.body.code).toBe('TELEGRAM_UNAVAILABLE');
  });

  it('stores only a hash of the code, for 10 minutes', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const key = t.app.get(VerificationCodeService).key('verify', member.user.id);
    const record = await redis().hgetall(key);
    expect(record.h).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain(code);
    const ttl = await redis().pttl(key);
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
  });

  it('answers unknown and already verified accounts exactly like unverified ones, sending them nothing', async () => {
    const pending = await createUser(t, { isVerified: false });
    const verified = await createUser(t);
    const ghost = uniqueEmail('ghost');
    const answers = await Promise.all([pending.user.email, verified.user.email, ghost].map((email) => send(t, email)));
    for (const res of answers) expect(res.status).toBe(200);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    await deliveriesSettled(t);
    expect(messagesTo(t.config.mailOutboxDir, pending.user.email)).toHaveLength(1);
    expect(messagesTo(t.config.mailOutboxDir, verified.user.email)).toHaveLength(0);
    expect(messagesTo(t.config.mailOutboxDir, ghost)).toHaveLength(0);
    // The cooldown applies to all three alike.
    for (const email of [pending.user.email, verified.user.email, ghost]) {
      const again = await send(t, email).expect(429);
      expect(again.body.code).toBe('OTP_COOLDOWN');
    }
  });

  it('a second send within 60 s is 429 OTP_COOLDOWN with Retry-After', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const again = await send(t, member.user.email.toUpperCase()).expect(429);
    expect(again.body).toMatchObject({
      statusCode: 429,
      code: 'OTP_COOLDOWN',
      message: 'يرجى الانتظار قبل طلب رمز جديد',
    });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.body.retryAfter).toBe(retryAfter);
    await deliveriesSettled(t);
    expect(messagesTo(t.config.mailOutboxDir, member.user.email)).toHaveLength(1);
  });

  it('at most 10 sends per hour per identifier (the 11th is 429 OTP_SEND_LIMIT)', async () => {
    const member = await createUser(t, { isVerified: false });
    for (let i = 0; i < 10; i++) {
      await send(t, member.user.email).expect(200);
      await endCooldown(t, member.user.email);
    }
    const refused = await send(t, member.user.email).expect(429);
    expect(refused.body.code).toBe('OTP_SEND_LIMIT');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    await deliveriesSettled(t);
    expect(messagesTo(t.config.mailOutboxDir, member.user.email)).toHaveLength(10);
    // The refused send did not start a cooldown.
    expect(await redis().exists(t.app.get(CodeSendThrottle).cooldownKey('verify', member.user.email))).toBe(0);
  });

  it('a wrong code is 400 OTP_REJECTED (no tries left shown: see test/security); the right one still works', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const ip = clientIp();
    const first = await verify(member.user.email, wrongCodeFor(code), ip).expect(400);
    expect(first.body).toMatchObject({ code: 'OTP_REJECTED', message: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(first.body.attemptsLeft).toBeUndefined();
    await verify(member.user.email, wrongCodeFor(code), ip).expect(400);
    await verify(member.user.email, code, ip).expect(200);
  });

  it('5 wrong codes burn it: even the right code then fails (the same OTP_REJECTED)', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const ip = clientIp();
    for (let i = 0; i < 4; i++) await verify(member.user.email, wrongCodeFor(code), ip).expect(400);
    const fifth = await verify(member.user.email, wrongCodeFor(code), ip).expect(400);
    expect(fifth.body.code).toBe('OTP_REJECTED');
    const right = await verify(member.user.email, code, ip).expect(400);
    expect(right.body.code).toBe('OTP_REJECTED');
    // A new code (after the cooldown) works again.
    await endCooldown(t, member.user.email);
    await send(t, member.user.email).expect(200);
    await verify(member.user.email, await waitForNewCode(t.config.mailOutboxDir, member.user.email, 1), ip).expect(200);
  });

  it('an expired code is 400 OTP_REJECTED', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    await redis().pexpire(t.app.get(VerificationCodeService).key('verify', member.user.id), 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await verify(member.user.email, code).expect(400);
    expect(res.body.code).toBe('OTP_REJECTED');
  });

  it('a resend replaces the previous code', async () => {
    const member = await createUser(t, { isVerified: false });
    await send(t, member.user.email).expect(200);
    const first = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    await endCooldown(t, member.user.email);
    await send(t, member.user.email).expect(200);
    const second = await waitForNewCode(t.config.mailOutboxDir, member.user.email, 1);
    if (first !== second) expect((await verify(member.user.email, first).expect(400)).body.code).toBe('OTP_REJECTED');
    await verify(member.user.email, second).expect(200);
  });

  it('limits code checks to 30 per 15 minutes per IP (429 RATE_LIMITED)', async () => {
    const ip = clientIp();
    await t.app.get(RateLimitService).consume('code-checks-ip', ip, 29);
    await verify(uniqueEmail('x'), '123456', ip).expect(400);
    const refused = await verify(uniqueEmail('x'), '123456', ip).expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('RATE_LIMITS=off lifts the hourly limit but not the cooldown (a rule of the code)', async () => {
    const relaxed = await startTestApp({ RATE_LIMITS: 'off' });
    try {
      const member = await createUser(relaxed, { isVerified: false });
      for (let i = 0; i < 11; i++) {
        await send(relaxed, member.user.email).expect(200);
        await endCooldown(relaxed, member.user.email);
      }
      await send(relaxed, member.user.email).expect(200);
      const cooldown = await send(relaxed, member.user.email).expect(429);
      expect(cooldown.body.code).toBe('OTP_COOLDOWN');
    } finally {
      await relaxed.close();
    }
  });
});
