import { Logger } from '@nestjs/common';
import { Lifecycle } from '../src/infrastructure/lifecycle/lifecycle';
import { RedisMemoryWatch } from '../src/infrastructure/redis/redis-memory.watch';
import { eventually } from './support/auctions';
import { TcpProxy } from './support/tcp-proxy';
import { startTestApp, TestApp } from './support/test-app';

describe('system: health, time, errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports PostgreSQL and Redis up, and nothing else of them (public: no Redis memory)', async () => {
    // A reading is there to leave out: the watch has read Redis's memory.
    await t.app.get(RedisMemoryWatch).check();
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      postgres: { status: 'up', latencyMs: expect.any(Number) },
      redis: { status: 'up', latencyMs: expect.any(Number) },
      uptimeSeconds: expect.any(Number),
    });
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('is live, and ready with PostgreSQL, Redis and the socket adapter up, in stable words only', async () => {
    expect((await t.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up', sockets: 'up' } });
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

  // Last: the app stays draining.
  it('answers readiness 503 at once while draining; liveness and the deep health stay 200', async () => {
    t.app.get(Lifecycle).beginDrain();
    expect((await t.http().get('/api/health/ready').expect(503)).body).toEqual({ status: 'draining' });
    await t.http().get('/api/health/live').expect(200);
    await t.http().get('/api/health').expect(200);
  });
});

describe('system: readiness of a process without the gateway role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAZAD_ROLES: 'api,worker' });
  });
  afterAll(() => t.close());

  it('asks PostgreSQL and Redis only: it holds no socket, so its adapter is not a reason to refuse traffic', async () => {
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { postgres: 'up', redis: 'up' } });
  });
});

/**
 * One app per dependency: after PostgreSQL and then Redis were cut and restored in one app, its
 * BullMQ workers did not close at shutdown (BullExplorer.onApplicationShutdown waited past the
 * hook's timeout) — recorded for the operations work on draining; each cut alone closes cleanly.
 */
describe.each(['postgres', 'redis'] as const)('system: health while %s is down', (dependency) => {
  let t: TestApp;
  let postgres: TcpProxy;
  let redis: TcpProxy;

  beforeAll(async () => {
    // The app reaches PostgreSQL and Redis through proxies the test can cut: real driver failures.
    const db = await TcpProxy.in(process.env.MAZAD_TEST_DATABASE_URL!);
    const cache = await TcpProxy.in(process.env.MAZAD_TEST_REDIS_URL!);
    postgres = db.proxy;
    redis = cache.proxy;
    t = await startTestApp({ DATABASE_URL: db.url, REDIS_URL: cache.url });
  });
  afterAll(async () => {
    // A BullMQ worker whose Redis connection was cut can wait indefinitely in its shutdown hook
    // (noted for the drain work): the close is bounded so that the suite reports its cases.
    await Promise.race([t.close(), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await Promise.all([postgres.cut(), redis.cut()]);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says in stable words that it is down (503) and logs the driver error instead of sending it', async () => {
    const proxy = dependency === 'postgres' ? postgres : redis;
    const logged = jest.spyOn(Logger.prototype, 'error');
    await proxy.cut();
    try {
      const res = await t.http().get('/api/health').expect(503);
      const other = dependency === 'postgres' ? 'redis' : 'postgres';
      expect(res.body).toMatchObject({
        status: 'error',
        [dependency]: { status: 'down' },
        [other]: { status: 'up' },
      });
      expect(res.body[dependency]).not.toHaveProperty('error');
      const [[entry]] = logged.mock.calls as [[{ dependency: string; err: Error }]];
      expect(entry).toMatchObject({ dependency, err: { message: expect.any(String) } });
      // The driver's words stay in the log.
      expect(JSON.stringify(res.body)).not.toContain(entry.err.message);
    } finally {
      await proxy.listen();
    }
    // Back once the dependency is.
    await eventually(async () => (await t.http().get('/api/health')).status === 200);
  });

  it('is not ready (503, naming what is down) but still live; ready again once it is back', async () => {
    const proxy = dependency === 'postgres' ? postgres : redis;
    await proxy.cut();
    try {
      const res = await t.http().get('/api/health/ready').expect(503);
      expect(res.body.status).toBe('not_ready');
      // The socket adapter's subscriber reaches Redis through the same proxy: down with it.
      const down = dependency === 'redis' ? { redis: 'down', sockets: 'down' } : { postgres: 'down' };
      expect(res.body.checks).toEqual({ postgres: 'up', redis: 'up', sockets: 'up', ...down });
      await t.http().get('/api/health/live').expect(200);
    } finally {
      await proxy.listen();
    }
    // The subscriber reconnects and subscribes again by itself.
    await eventually(async () => (await t.http().get('/api/health/ready')).status === 200);
  });
});
