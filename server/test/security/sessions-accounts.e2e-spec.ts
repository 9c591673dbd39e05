import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { BootstrapAdminCommand } from '../../src/auth/commands/bootstrap-admin/bootstrap-admin.command';
import { clientIp, registrationFields, solvedChallenge } from '../support/auth';
import { codeIn, waitForMessages, waitForNewCode } from '../support/outbox';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, uniqueEmail } from '../support/users';

/**
 * R-EMAIL-CHANGE-PROOF, R-ADMIN-BOOTSTRAP (docs/security.md): change-credentials switched the e-mail to any address without proof, and start-up
 * then promoted the account whose e-mail equals ADMIN_EMAIL. Now a new e-mail needs the code
 * sent to it (the old address is told), and start-up never promotes an account the operator
 * did not create (docs/adr/0008-admin-bootstrap-never-promotes-members.md).
 */
describe('security: account e-mail and the first administrator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PATH = '/api/users/change-credentials';
  const CONFIRM = '/api/users/confirm-email-change';
  const email = (id: string) =>
    t.app
      .get(DataSource)
      .query('SELECT email, is_admin FROM users WHERE id = $1', [id])
      .then((rows: { email: string; is_admin: boolean }[]) => rows[0]);
  const loginStatus = async (address: string, password: string) =>
    (await t.http().post('/api/auth/login').set('X-Forwarded-For', clientIp()).send({ email: address, password }))
      .status;

  it('a new e-mail replaces the old one only with the code sent to it; the old address is told', async () => {
    const me = await createUser(t, { password: 'my-password' });
    const target = uniqueEmail('new-address');
    const asked = await t
      .http()
      .put(PATH)
      .set(me.auth)
      .send({ currentPassword: 'my-password', email: target })
      .expect(200);
    expect(asked.body.pendingEmail).toBe(target);
    expect((await email(me.user.id)).email).toBe(me.user.email);
    expect(await loginStatus(target, 'my-password')).toBe(401);

    // The code went to the new address only; the old one got a notice without it.
    const code = await waitForNewCode(t.config.mailOutboxDir, target);
    const notices = await waitForMessages(t.config.mailOutboxDir, me.user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toContain(target);
    expect(() => codeIn(notices[0])).toThrow();

    // Another member cannot use that code; a wrong code changes nothing.
    const other = await createUser(t);
    await t.http().post(CONFIRM).set(other.auth).send({ code }).expect(400);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.http().post(CONFIRM).set(me.auth).send({ code: wrong }).expect(400);
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'OTP_INVALID' });
    expect((await email(me.user.id)).email).toBe(me.user.email);

    const done = await t.http().post(CONFIRM).set(me.auth).send({ code }).expect(200);
    expect(done.body.user.email).toBe(target);
    expect((await email(me.user.id)).email).toBe(target);
    expect(await loginStatus(target, 'my-password')).toBe(200);
    const told = await waitForMessages(t.config.mailOutboxDir, me.user.email, 1);
    expect(told).toHaveLength(2);
    expect(told[1].body).toContain(target);
    // Used up.
    await t.http().post(CONFIRM).set(me.auth).send({ code }).expect(400);
  });

  it('without the code nobody can take ADMIN_EMAIL, and start-up never promotes a member who holds it', async () => {
    // A member registers the address the operator will configure as ADMIN_EMAIL.
    const adminEmail = uniqueEmail('operator');
    const ip = clientIp();
    await t
      .http()
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({
        ...registrationFields({ email: adminEmail, password: 'member-own-pass' }),
        ...(await solvedChallenge(t, ip)),
      })
      .expect(201);
    // Another member asks to move to it: answered as any request (a taken address is not
    // revealed), but no code is sent and asking never applies it.
    const squatter = await createUser(t, { password: 'squatter-pass' });
    await t
      .http()
      .put(PATH)
      .set(squatter.auth)
      .send({ currentPassword: 'squatter-pass', email: adminEmail })
      .expect(200);
    expect((await email(squatter.user.id)).email).toBe(squatter.user.email);

    expect(await t.app.get(CommandBus).execute(new BootstrapAdminCommand(adminEmail, 'operator-pass'))).toBe('refused');
    const booted = await startTestApp({
      DATABASE_URL: t.config.databaseUrl,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: 'operator-pass',
      ADMIN_PANEL_PASSWORD: 'panel-pass',
    });
    try {
      const [row] = await booted.app
        .get(DataSource)
        .query('SELECT is_admin, registration_source FROM users WHERE email = $1', [adminEmail]);
      expect(row.is_admin).toBe(false);
      for (const password of ['member-own-pass', 'operator-pass']) {
        const res = await booted
          .http()
          .post('/api/auth/admin-login')
          .set('X-Forwarded-For', clientIp())
          .send({ email: adminEmail, password, adminPassword: 'panel-pass' });
        expect(res.status).toBe(401);
      }
    } finally {
      await booted.close();
    }
  });

  it('start-up still creates the administrator for a free ADMIN_EMAIL, and keeps it on restart', async () => {
    const adminEmail = uniqueEmail('fresh-operator');
    const bus = t.app.get(CommandBus);
    expect(await bus.execute(new BootstrapAdminCommand(adminEmail, 'operator-pass'))).toBe('created');
    expect(await bus.execute(new BootstrapAdminCommand(adminEmail, 'operator-pass'))).toBe('unchanged');
    const [row] = await t.app.get(DataSource).query('SELECT is_admin FROM users WHERE email = $1', [adminEmail]);
    expect(row.is_admin).toBe(true);
  });
});
