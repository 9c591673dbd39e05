import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { clientIp } from '../support/auth';
import { waitForNewCode } from '../support/outbox';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, uniqueEmail } from '../support/users';

/**
 * R-VERIFICATION-CODE (docs/security.md): POST /api/otp/verify-otp told whether an unverified account had a live code
 * (OTP_INVALID with attemptsLeft versus OTP_EXPIRED) and let anyone burn it in five tries.
 * Now every refusal is the same 400 OTP_REJECTED body, and checks are limited per identifier
 * and per IP (counted before the check, so parallel requests cannot outrun them).
 */
describe('security: verify-otp says nothing about live codes and is rate-limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PER_IDENTIFIER = RATE_LIMIT_POLICIES['code-checks-identifier'].points;
  const PER_IP = RATE_LIMIT_POLICIES['code-checks-ip'].points;
  const verify = (identifier: string, otp: string, ip = clientIp()) =>
    t.http().post('/api/otp/verify-otp').set('X-Forwarded-For', ip).send({ identifier, otp, type: 'email' });
  const sendCode = (identifier: string) =>
    t.http().post('/api/otp/send-email-otp').set('X-Forwarded-For', clientIp()).send({ identifier }).expect(200);
  const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

  it('a wrong code, an absent code, an unknown account and a burnt code get the same answer', async () => {
    const withCode = await createUser(t, { isVerified: false });
    await sendCode(withCode.user.email);
    const code = await waitForNewCode(t.config.mailOutboxDir, withCode.user.email);
    const withoutCode = await createUser(t, { isVerified: false });

    const answers = [
      await verify(withCode.user.email, otherThan(code)), // live code, wrong guess
      await verify(withoutCode.user.email, '123456'), // no code at all
      await verify(uniqueEmail('nobody'), '123456'), // no account
    ];
    // Burn the live code (5 wrong tries in all), then even the right one gets the same answer.
    for (let i = 0; i < 4; i++) answers.push(await verify(withCode.user.email, otherThan(code)));
    answers.push(await verify(withCode.user.email, code));

    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(res.body).toEqual(answers[0].body);
    }
    expect(answers[0].body.code).toBe('OTP_REJECTED');
  });

  it(`at most ${PER_IDENTIFIER} checks per identifier, whatever the IPs and the concurrency; then 429`, async () => {
    const member = await createUser(t, { isVerified: false });
    await sendCode(member.user.email);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => verify(member.user.email, otherThan(code), clientIp())),
    );
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(PER_IDENTIFIER);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(100 - PER_IDENTIFIER);
    const limited = await verify(member.user.email, code, clientIp());
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    // The same limit for an identifier without an account: nothing to tell them apart.
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < PER_IDENTIFIER; i++) expect((await verify(ghost, '123456')).status).toBe(400);
    expect((await verify(ghost, '123456')).status).toBe(429);
  });

  it(`at most ${PER_IP} checks per IP over many identifiers; then 429`, async () => {
    const ip = clientIp();
    const results = await Promise.all(
      Array.from({ length: PER_IP * 3 }, () => verify(uniqueEmail('spray'), '123456', ip)),
    );
    expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(PER_IP);
    expect((await verify(uniqueEmail('spray'), '123456', ip)).status).toBe(429);
  });

  it('the right code still verifies and signs in', async () => {
    const member = await createUser(t, { isVerified: false });
    await sendCode(member.user.email);
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);
    const res = await verify(member.user.email, code).expect(200);
    expect(res.body).toMatchObject({ success: true, token: expect.any(String), user: { isVerified: true } });
  });
});
