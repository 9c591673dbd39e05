import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../scripts/lib/free-port.cjs';
import { startRedisServer } from '../../../scripts/lib/redis.cjs';
import { Metrics } from '../../src/infrastructure/metrics';
import { RedisMemoryWatch } from '../../src/infrastructure/redis/redis-memory.watch';
import { sampleSum } from '../support/metrics';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Redis runs with a maxmemory and noeviction (docker/compose.yml): full, it refuses writes, so
 * the servers must say so before. Each replica reads INFO memory once a minute, logs an error
 * from REDIS_MEMORY_ALERT_PERCENT of maxmemory on and exports the reading as metrics
 * (mazad_redis_memory_*_bytes), never in the public /api/health.
 * A Redis of its own (the shared one's maxmemory is not this suite's to change).
 */
describe('security: Redis memory is watched against its maxmemory', () => {
  let t: TestApp;
  let redis: Redis;
  let server: ReturnType<typeof startRedisServer>;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mazad-redis-memory-'));
    server = startRedisServer({ binary: 'redis-server', port: await freePort(), dir });
    await server.ready;
    redis = new Redis(server.url);
    await redis.config('SET', 'maxmemory-policy', 'noeviction');
    await redis.config('SET', 'maxmemory', String(64 * 1024 * 1024));
    t = await startTestApp({ REDIS_URL: server.url, REDIS_MEMORY_ALERT_PERCENT: '50' });
  });
  afterAll(async () => {
    await redis.config('SET', 'maxmemory', '0');
    await t.close();
    redis.disconnect();
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The memory gauges as a scrape of /metrics shows them. */
  const memoryMetrics = async () => {
    const text = await t.app.get(Metrics).scrape();
    return {
      used: sampleSum(text, 'mazad_redis_memory_used_bytes'),
      max: sampleSum(text, 'mazad_redis_memory_max_bytes'),
    };
  };

  it('exports the use as metrics, without an alert while far below the threshold; the public health answer does not show it', async () => {
    const reading = await t.app.get(RedisMemoryWatch).check();
    expect(reading).toMatchObject({ maxBytes: 64 * 1024 * 1024, alert: false });
    expect(reading.usedBytes).toBeGreaterThan(0);
    expect(await memoryMetrics()).toEqual({ used: reading.usedBytes, max: 64 * 1024 * 1024 });
    const health = await t.http().get('/api/health').expect(200);
    expect(health.body.redis).toEqual({ status: 'up', latencyMs: expect.any(Number) });
  });

  it('logs an error above REDIS_MEMORY_ALERT_PERCENT (the health status stays 200), and the metrics show it', async () => {
    const { usedBytes } = await t.app.get(RedisMemoryWatch).check();
    // maxmemory such that the use is about two thirds of it: above the 50 % of this suite.
    await redis.config('SET', 'maxmemory', String(Math.ceil(usedBytes * 1.5)));
    const errors = jest.spyOn(Logger.prototype, 'error');
    try {
      const reading = await t.app.get(RedisMemoryWatch).check();
      expect(reading.alert).toBe(true);
      expect(reading.percent).toBeGreaterThanOrEqual(50);
      const { used, max } = await memoryMetrics();
      expect(used / max).toBeGreaterThanOrEqual(0.5);
      expect(errors.mock.calls.some((args) => String(args.at(-1)).includes('Redis memory'))).toBe(true);
    } finally {
      errors.mockRestore();
      await redis.config('SET', 'maxmemory', String(64 * 1024 * 1024));
    }
    await t.http().get('/api/health').expect(200);
  });
});
