import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-INPUT-HYGIENE (docs/security.md): deeply nested JSON (10,000 levels in 20 KB) overflowed the stack of validation and
 * answered 500. The depth is limited while the body is parsed (body-parsers.ts, at most
 * MAX_INPUT_DEPTH = 32 levels): 400 INPUT_TOO_DEEP in the Arabic error format.
 */
describe('JSON nesting is limited while parsing', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(() => t.close());

  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  const expectTooDeep = (res: { status: number; body: Record<string, unknown> }) => {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'INPUT_TOO_DEEP',
      message: 'البيانات المرسلة متداخلة بعمق أكبر من المسموح',
      error: 'البيانات المرسلة متداخلة بعمق أكبر من المسموح',
    });
  };

  it('refuses 10,000 levels (20 KB) as a whole body and inside a field, on public and admin routes', async () => {
    const body = deepArray(10_000);
    expect(body.length).toBe(20_000);
    expectTooDeep(await t.http().post('/api/auth/login').type('json').send(body));
    expectTooDeep(
      await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .type('json')
        .send(`{"title":"عنوان","scheduleInfo":${deepObject(10_000)}}`),
    );
    expectTooDeep(
      await t
        .http()
        .put('/api/announcement-content')
        .set(admin.auth)
        .type('json')
        .send(`{"title":"عنوان","images":${deepArray(5_000)}}`),
    );
  });

  it('counts only structure: brackets inside strings do not count, and ordinary nesting passes', async () => {
    const res = await t
      .http()
      .put('/api/announcement-content')
      .set(admin.auth)
      .send({ title: `عنوان ${'[{'.repeat(2_000)}`.slice(0, 200), scheduleInfo: { details: '{"\\"[[[' } });
    expect(res.status).toBe(200);
    // 33 levels: one more than allowed.
    expectTooDeep(await t.http().post('/api/auth/login').type('json').send(deepArray(33)));
    const ok = await t.http().post('/api/auth/login').type('json').send(deepArray(32));
    expect(ok.status).toBe(400);
    expect(ok.body.code).not.toBe('INPUT_TOO_DEEP');
  });
});
