import { startTestApp, TestApp } from './support/test-app';

describe('system: health, time, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports PostgreSQL and Redis up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', postgres: { status: 'up' }, redis: { status: 'up' } });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('echoes a sane request id', async () => {
    const res = await t.http().get('/api/time').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('returns the server clock', async () => {
    const before = Date.now();
    const res = await t.http().get('/api/time').expect(200);
    expect(res.body.epochMs).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(res.body.serverTime).getTime()).toBe(res.body.epochMs);
  });

  it('answers unknown routes with 404 in the error format', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: expect.any(String),
      error: expect.any(String),
    });
    expect(res.body.message).toBe(res.body.error);
    expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await t
      .http()
      .post('/api/no-such-thing')
      .set('Content-Type', 'application/json')
      .send('{"a":')
      .expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_JSON' });
  });

  it('answers oversized bodies with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(200_000) });
    const res = await t.http().post('/api/no-such-thing').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/time']));
  });
});
