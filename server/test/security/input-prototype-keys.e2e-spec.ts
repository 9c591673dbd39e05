import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * Keys that name an object's prototype machinery (`__proto__`, `constructor`, `prototype`) are
 * refused wherever they appear — JSON and form bodies at any depth, query strings — with 400
 * UNKNOWN_FIELD naming the field, in one place (InputHygienePipe; socket events through the same
 * walk, see input-hostile-socket). class-transformer used to drop them silently before the
 * validation pipe could call them unknown, so the request went on as if they were not there.
 */
describe('prototype keys are refused, naming the field', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMITS: 'off' });
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  function expectRefused(res: { status: number; body: Record<string, unknown> }, field: string) {
    expect({ field, status: res.status }).toEqual({ field, status: 400 });
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_FIELD',
      message: `حقل غير مسموح به: ${field}`,
      error: `حقل غير مسموح به: ${field}`,
      errors: [{ field, message: `حقل غير مسموح به: ${field}` }],
    });
  }

  const login = { email: 'nobody@mazad.test', password: 'wrong-password' };

  it('JSON bodies: at the top level and nested', async () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const body = `{"email":"${login.email}","password":"${login.password}","${key}":{"isAdmin":true}}`;
      expectRefused(await t.http().post('/api/auth/login').type('json').send(body), key);
    }
    const nested = '{"title":"إعلان","scheduleInfo":{"__proto__":{"isAdmin":true},"details":"نص"}}';
    expectRefused(
      await t.http().put('/api/announcement-content').set(admin.auth).type('json').send(nested),
      'scheduleInfo.__proto__',
    );
  });

  it('form bodies and query strings', async () => {
    const form = `email=${encodeURIComponent(login.email)}&password=x&__proto__=1`;
    expectRefused(await t.http().post('/api/auth/login').type('form').send(form), '__proto__');
    expectRefused(await t.http().get('/api/auctions?__proto__=1'), '__proto__');
    expectRefused(await t.http().get('/api/auctions?page=1&constructor=x'), 'constructor');
  });

  it('leaves ordinary requests alone', async () => {
    await t.http().get('/api/auctions?page=1').expect(200);
    await t.http().post('/api/auth/login').send(login).expect(401);
  });
});
