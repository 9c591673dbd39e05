import { DataSource } from 'typeorm';
import { clientIp } from '../support/auth';
import { waitForNewCode } from '../support/outbox';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * A password-reset code sent before an operator deleted the account must not set a password on
 * the anonymised row (and mark it verified again): the right code then answers as an unknown
 * email's code does (400 OTP_EXPIRED), and the tombstone keeps a hash no password matches.
 */
describe('security: a reset code cannot revive a deleted account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const hashOf = async (id: string) =>
    (
      (await t.app.get(DataSource).query(`SELECT password_hash, is_verified FROM users WHERE id = $1`, [id])) as {
        password_hash: string;
        is_verified: boolean;
      }[]
    )[0];

  it('the right code after the deletion is refused like an unknown account, and nothing is written', async () => {
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const member = await createUser(t);
    const ip = clientIp();
    const handle = (
      await t
        .http()
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', ip)
        .send({ email: member.user.email })
        .expect(200)
    ).body.userId as string;
    const code = await waitForNewCode(t.config.mailOutboxDir, member.user.email);

    await t.http().delete(`/api/admin/users/${member.user.id}`).set(admin.auth).expect(200);
    const tombstone = await hashOf(member.user.id);

    const res = await t
      .http()
      .post('/api/auth/reset-password')
      .set('X-Forwarded-For', ip)
      .send({ userId: handle, verificationAnswer: code, password: 'revived-password-1' })
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'OTP_EXPIRED' });
    expect(await hashOf(member.user.id)).toEqual(tombstone);
    expect(tombstone.is_verified).toBe(false);
    await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .send({ email: `deleted-${member.user.id}@deleted.invalid`, password: 'revived-password-1' })
      .expect(401);
  });
});
