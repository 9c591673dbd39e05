import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { RATE_LIMIT_POLICIES } from '../src/infrastructure/rate-limit/rate-limit.policies';
import { UserEntity } from '../src/users/entities/user.entity';
import { deliveriesSettled } from './support/deliveries';
import { codeIn, messagesTo, waitForNewCode } from './support/outbox';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, uniqueEmail } from './support/users';

const ARABIC = /[\u0600-\u06FF]/;
const PATH = '/api/users/change-credentials';
const CONFIRM = '/api/users/confirm-email-change';
const CREDENTIAL_FAILURES_MAX = RATE_LIMIT_POLICIES['credential-checks-member'].points;

describe('users: change credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const stored = (id: string) =>
    t.app
      .get(DataSource)
      .getRepository(UserEntity)
      .findOneOrFail({ where: { id }, select: { id: true, email: true, passwordHash: true, tokenVersion: true } });

  /** Status of POST /api/auth/login (auth module) with these credentials. */
  const login = async (email: string, password: string) =>
    (await t.http().post('/api/auth/login').send({ email, password })).status;

  it('requires the current password (400, Arabic message naming it)', async () => {
    const me = await createUser(t);
    for (const body of [{ newPassword: 'another1' }, { currentPassword: '', newPassword: 'another1' }]) {
      const res = await t.http().put(PATH).set(me.auth).send(body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'يرجى إدخال كلمة المرور الحالية' });
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
    }
  });

  it('rejects a wrong current password with 400 CURRENT_PASSWORD_WRONG and changes nothing', async () => {
    const me = await createUser(t);
    const before = await stored(me.user.id);
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: 'wrong-password', newPassword: 'another1', email: uniqueEmail() })
      .expect(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'CURRENT_PASSWORD_WRONG',
      message: expect.stringMatching(ARABIC),
    });
    expect(await stored(me.user.id)).toEqual(before);
    await t
      .http()
      .put(`/api/users/${me.user.id}`)
      .set(me.auth)
      .send({ name: 'اسم', phone: '0790000000', location: 'عمّان' })
      .expect(200);
  });

  it('answers 400 NOTHING_TO_CHANGE when neither a new email nor a new password is given', async () => {
    const me = await createUser(t);
    const bodies = [
      { currentPassword: me.password },
      { currentPassword: me.password, email: '', newPassword: '' },
      { currentPassword: me.password, email: me.user.email },
      { currentPassword: me.password, email: `  ${me.user.email.toUpperCase()} ` },
    ];
    for (const body of bodies) {
      const res = await t.http().put(PATH).set(me.auth).send(body).expect(400);
      expect(res.body).toMatchObject({
        code: 'NOTHING_TO_CHANGE',
        message: 'يرجى تغيير البريد الإلكتروني أو إدخال كلمة مرور جديدة',
      });
    }
  });

  it('validates the new email and the new password length', async () => {
    const me = await createUser(t);
    const badEmail = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, email: 'not-an-email' })
      .expect(400);
    expect(badEmail.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'البريد الإلكتروني غير صالح' });
    expect(badEmail.body.errors[0].field).toBe('email');
    const shortPassword = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, newPassword: '12345' })
      .expect(400);
    expect(shortPassword.body.message).toBe('كلمة المرور الجديدة يجب أن تكون 6 أحرف على الأقل');
    expect(shortPassword.body.errors[0].field).toBe('newPassword');
  });

  it('rejects unknown fields with 400 UNKNOWN_FIELD', async () => {
    const me = await createUser(t);
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, newPassword: 'another1', isAdmin: true })
      .expect(400);
    expect(res.body.code).toBe('UNKNOWN_FIELD');
  });

  it('answers 401 when signed out', async () => {
    const res = await t.http().put(PATH).send({ currentPassword: 'x', newPassword: 'another1' }).expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('does not say that an email is another account’s (any letter case): same answer, no code, nothing changes', async () => {
    const other = await createUser(t);
    const me = await createUser(t);
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, email: other.user.email.toUpperCase() })
      .expect(200);
    expect(res.body).toMatchObject({ success: true, pendingEmail: other.user.email });
    await deliveriesSettled(t);
    for (const mail of messagesTo(t.config.mailOutboxDir, other.user.email)) expect(() => codeIn(mail)).toThrow();
    expect((await stored(me.user.id)).email).toBe(me.user.email);
  });

  it('changes the email only after the code sent to it (lower-cased); the password and older tokens keep working', async () => {
    const me = await createUser(t);
    const newEmail = uniqueEmail('Renamed'); // mixed case on purpose
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, email: ` ${newEmail} ` })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.stringMatching(ARABIC),
      token: expect.any(String),
      pendingEmail: newEmail.toLowerCase(),
    });
    // Not applied yet: the account keeps its email until the code is entered.
    expect(res.body.user).toMatchObject({ id: me.user.id, email: me.user.email });
    expect((await stored(me.user.id)).email).toBe(me.user.email);

    const code = await waitForNewCode(t.config.mailOutboxDir, newEmail);
    const done = await t.http().post(CONFIRM).set(me.auth).send({ code }).expect(200);
    expect(done.body).toMatchObject({ success: true, message: expect.stringMatching(ARABIC) });
    expect(done.body.user).toMatchObject({ id: me.user.id, email: newEmail.toLowerCase() });
    const row = await stored(me.user.id);
    expect(row.email).toBe(newEmail.toLowerCase());
    expect(row.tokenVersion).toBe(me.user.tokenVersion);
    expect(await argon2.verify(row.passwordHash, me.password)).toBe(true);
    // The old token still works after an email-only change.
    await t
      .http()
      .get(`/api/users/${me.user.id}`)
      .set(me.auth)
      .expect(200)
      .expect((r) => expect(r.body.user.email).toBe(newEmail.toLowerCase()));
    // Login works with the new email, no longer with the old one.
    expect(await login(newEmail.toLowerCase(), me.password)).toBe(200);
    expect(await login(me.user.email, me.password)).toBe(401);
    // The old address was told (asked, then done).
    await deliveriesSettled(t);
    expect(messagesTo(t.config.mailOutboxDir, me.user.email).length).toBe(2);
  });

  it('changes the password: argon2id hash, older tokens die with 401, the returned token works', async () => {
    const me = await createUser(t);
    const older = await createUser(t, { email: uniqueEmail() }); // unrelated account keeps working
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, newPassword: 'brand-new-pass' })
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { id: me.user.id, email: me.user.email },
    });
    expect(res.body.token).not.toBe(me.token);

    const row = await stored(me.user.id);
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await argon2.verify(row.passwordHash, 'brand-new-pass')).toBe(true);
    expect(await argon2.verify(row.passwordHash, me.password)).toBe(false);
    expect(row.tokenVersion).toBe(me.user.tokenVersion + 1);

    const profile = { name: 'اسم جديد', phone: '0790000000', location: 'عمّان' };
    const stale = await t.http().put(`/api/users/${me.user.id}`).set(me.auth).send(profile).expect(401);
    expect(stale.body.code).toBe('TOKEN_INVALID');
    await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: 'brand-new-pass', newPassword: 'third-pass' })
      .expect(401);

    const fresh = { Authorization: `Bearer ${res.body.token}` };
    await t.http().put(`/api/users/${me.user.id}`).set(fresh).send(profile).expect(200);
    await t.http().put(`/api/users/${older.user.id}`).set(older.auth).send(profile).expect(200);

    expect(await login(me.user.email, 'brand-new-pass')).toBe(200);
    expect(await login(me.user.email, me.password)).toBe(401);
  });

  it('changes both at once (the email after its code)', async () => {
    const me = await createUser(t);
    const newEmail = uniqueEmail('both');
    const res = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, email: newEmail, newPassword: 'both-changed' })
      .expect(200);
    expect(res.body).toMatchObject({ pendingEmail: newEmail, user: { email: me.user.email } });
    expect(await argon2.verify((await stored(me.user.id)).passwordHash, 'both-changed')).toBe(true);
    const fresh = { Authorization: `Bearer ${res.body.token}` };
    const code = await waitForNewCode(t.config.mailOutboxDir, newEmail);
    await t.http().post(CONFIRM).set(fresh).send({ code }).expect(200);
    expect((await stored(me.user.id)).email).toBe(newEmail);
  });

  it('keeps the admin-session flag in the fresh token', async () => {
    const admin = await createUser(t, { isAdmin: true, adminSession: true });
    const other = await createUser(t);
    const res = await t
      .http()
      .put(PATH)
      .set(admin.auth)
      .send({ currentPassword: admin.password, newPassword: 'admin-pass-2' })
      .expect(200);
    const seen = await t
      .http()
      .get(`/api/users/${other.user.id}`)
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
    expect(seen.body.user.email).toBe(other.user.email);
  });

  it(`locks the form after ${CREDENTIAL_FAILURES_MAX} wrong current passwords (429, even with the right one)`, async () => {
    const me = await createUser(t);
    for (let i = 0; i < CREDENTIAL_FAILURES_MAX; i++) {
      await t
        .http()
        .put(PATH)
        .set(me.auth)
        .send({ currentPassword: `wrong-${i}`, newPassword: 'another1' })
        .expect(400);
    }
    const locked = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: me.password, newPassword: 'another1' })
      .expect(429);
    expect(locked.body).toMatchObject({
      statusCode: 429,
      code: 'CREDENTIALS_RATE_LIMITED',
      message: expect.stringMatching(ARABIC),
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await argon2.verify((await stored(me.user.id)).passwordHash, me.password)).toBe(true);
  });

  it('does not lock when rate limits are off', async () => {
    const relaxed = await startTestApp({ RATE_LIMITS: 'off' });
    try {
      const me = await createUser(relaxed);
      for (let i = 0; i < CREDENTIAL_FAILURES_MAX + 1; i++) {
        await relaxed
          .http()
          .put(PATH)
          .set(me.auth)
          .send({ currentPassword: `wrong-${i}`, newPassword: 'another1' })
          .expect(400);
      }
      await relaxed
        .http()
        .put(PATH)
        .set(me.auth)
        .send({ currentPassword: me.password, newPassword: 'another1' })
        .expect(200);
    } finally {
      await relaxed.close();
    }
  });
});
