import { DataSource } from 'typeorm';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { deliveriesSettled } from '../support/deliveries';
import { codeIn, messagesTo, waitForNewCode } from '../support/outbox';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, uniqueEmail } from '../support/users';

/**
 * An e-mail change request mailed a code to any number of addresses and answered 409
 * EMAIL_TAKEN for an address another account has, with no limit: a member could probe which
 * addresses have an account. Now requests are limited per member, and a taken address gets the
 * same answer as a free one while that address is mailed a notice instead of a code.
 */
describe('security: e-mail change requests reveal nothing and are limited per member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PATH = '/api/users/change-credentials';
  const CONFIRM = '/api/users/confirm-email-change';
  const LIMIT = RATE_LIMIT_POLICIES['email-changes-member'].points;
  const storedEmail = async (id: string) =>
    ((await t.app.get(DataSource).query('SELECT email FROM users WHERE id = $1', [id])) as { email: string }[])[0]
      .email;

  it('a taken address is answered as a free one; it gets a notice without a code, and nothing changes', async () => {
    const owner = await createUser(t);
    const me = await createUser(t, { password: 'my-password' });
    const free = uniqueEmail('free');
    const ask = (email: string) =>
      t.http().put(PATH).set(me.auth).send({ currentPassword: 'my-password', email }).expect(200);

    const freeAnswer = (await ask(free)).body;
    const freeCode = await waitForNewCode(t.config.mailOutboxDir, free);
    const takenAnswer = (await ask(owner.user.email.toUpperCase())).body;

    // Same answer, field for field, apart from the address itself and the fresh token.
    const shape = (body: Record<string, unknown>) => ({ ...body, pendingEmail: 'x', token: 'x' });
    expect(shape(takenAnswer)).toEqual(shape(freeAnswer));
    expect(takenAnswer.pendingEmail).toBe(owner.user.email);
    expect(takenAnswer.message).toMatch(/إن كان البريد الإلكتروني الجديد متاحاً/);

    // The owner of the taken address is told, without any code.
    await deliveriesSettled(t);
    const notices = messagesTo(t.config.mailOutboxDir, owner.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe('محاولة لاستخدام بريدك الإلكتروني في مزاد');
    expect(() => codeIn(notices[0])).toThrow();
    // The requester's own address hears of both requests alike.
    expect(messagesTo(t.config.mailOutboxDir, me.user.email)).toHaveLength(2);

    // As with a free address, the request replaced the member's previous code.
    const stale = await t.http().post(CONFIRM).set(me.auth).send({ code: freeCode }).expect(400);
    expect(stale.body.code).toBe('OTP_INVALID');
    expect(await storedEmail(me.user.id)).toBe(me.user.email);
    expect(await storedEmail(owner.user.id)).toBe(owner.user.email);
  });

  it(`at most ${LIMIT} requests per member an hour, then 429 EMAIL_CHANGE_RATE_LIMITED and no more mail`, async () => {
    const me = await createUser(t, { password: 'my-password' });
    const targets = Array.from({ length: LIMIT + 3 }, () => uniqueEmail('spray'));
    const results = [];
    for (const email of targets) {
      results.push(await t.http().put(PATH).set(me.auth).send({ currentPassword: 'my-password', email }));
    }
    expect(results.slice(0, LIMIT).map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    for (const refused of results.slice(LIMIT)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        statusCode: 429,
        code: 'EMAIL_CHANGE_RATE_LIMITED',
        message: expect.stringMatching(/[\u0600-\u06FF]/),
        retryAfter: expect.any(Number),
      });
      expect(refused.headers['retry-after']).toBeDefined();
    }
    await deliveriesSettled(t);
    const mailed = targets.filter((email) => messagesTo(t.config.mailOutboxDir, email).length > 0);
    expect(mailed).toEqual(targets.slice(0, LIMIT));
  });
});
