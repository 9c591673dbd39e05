import { SocketEvents } from '@mazad/contracts';
import Redis from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Socket } from 'socket.io-client';
import { spawnServer, startServerProcess } from '../../scripts/lib/server-process.cjs';
import { clearRedisPrefix, createRunDatabase, dropRunDatabase } from './setup/test-services';
import { createAuction, eventually } from './support/auctions';
import { collect, connectSocket } from './support/sockets';
import { startTestApp, TestApp, testEnvironment } from './support/test-app';
import { createUser } from './support/users';

/** The run's Redis server, on database `db`. */
function redisUrl(db: number): string {
  const url = new URL(process.env.MAZAD_TEST_REDIS_URL!);
  url.pathname = `/${db}`;
  return url.toString();
}

/**
 * The default prefixes of databases 7 and 8 are the same for every run on this Redis server
 * (that is the point of a default): runs of this suite at the same time take turns through a
 * lock, and each leaves those prefixes empty.
 */
async function withDefaultPrefixes<T>(work: () => Promise<T>): Promise<T> {
  const lock = new Redis(redisUrl(7));
  const key = 'mazad-test:default-prefixes-lock';
  const token = randomUUID();
  const clear = () =>
    Promise.all([clearRedisPrefix(redisUrl(7), 'mazad-db7:'), clearRedisPrefix(redisUrl(8), 'mazad-db8:')]);
  try {
    const deadline = Date.now() + 180_000;
    while ((await lock.set(key, token, 'PX', 180_000, 'NX')) !== 'OK') {
      if (Date.now() > deadline) throw new Error(`${key} is held by another run`);
      await sleep(500);
    }
    await clear();
    return await work();
  } finally {
    await clear();
    if ((await lock.get(key)) === token) await lock.del(key);
    lock.disconnect();
  }
}

/**
 * Two deployments (their own PostgreSQL databases) on one Redis server, on different database
 * numbers, as staging and production often are. Redis pub/sub ignores the database number:
 * with one prefix, each would receive the other's live events (docs/operations.md, "Several
 * deployments on one Redis"). The default prefix tells them apart, and a deployment that finds
 * another one on its prefix refuses to start.
 */
describe('two deployments on one Redis server', () => {
  const admin = process.env.MAZAD_TEST_ADMIN_DATABASE_URL!;
  let other: { name: string; url: string };

  beforeAll(async () => {
    other = await createRunDatabase(admin);
  });
  afterAll(() => dropRunDatabase(admin, other.name));

  it('one REDIS_PREFIX on databases 7 and 8: the second deployment refuses to start and says why, the first logs it', async () => {
    const prefix = `${process.env.MAZAD_TEST_REDIS_PREFIX}-shared-${randomBytes(3).toString('hex')}`;
    const shared = { REDIS_PREFIX: prefix, LOG_LEVEL: 'error' };
    const first = await startServerProcess(testEnvironment({ ...shared, REDIS_URL: redisUrl(7) }), {
      outputKept: Infinity,
    });
    try {
      const second = await spawnServer(
        testEnvironment({ ...shared, DATABASE_URL: other.url, REDIS_URL: redisUrl(8) }),
        { outputKept: Infinity },
      );
      try {
        // Ready would mean it started; `ready` fails as soon as the process exits.
        const outcome = await second.ready({ timeoutMs: 90_000 }).then(
          () => 'started',
          () => 'refused',
        );
        expect(outcome).toBe('refused');
      } finally {
        await second.kill();
      }
      expect(second.process.exitCode).toBe(1);
      expect(second.output()).toContain(`uses the Redis prefix "${prefix}" on this Redis server`);
      expect(second.output()).toContain('This process does not start');
      expect(second.output()).toContain('Give each deployment its own REDIS_PREFIX');
      await eventually(async () => /Another deployment .* uses the Redis prefix/.test(first.output()));
      expect(first.isRunning()).toBe(true);

      // Another process of the first deployment (its database) on the same prefix is a replica: it starts.
      const replica = await startServerProcess(testEnvironment({ ...shared, REDIS_URL: redisUrl(7) }));
      await replica.stop();
    } finally {
      await first.stop();
      await Promise.all([clearRedisPrefix(redisUrl(7), prefix), clearRedisPrefix(redisUrl(8), prefix)]);
    }
  }, 240_000);

  it('REDIS_PREFIX unset on databases 7 and 8: each has its own prefix, and new auctions stay in their deployment', async () => {
    await withDefaultPrefixes(async () => {
      const apps: TestApp[] = [];
      const sockets: Socket[] = [];
      try {
        const a = await startTestApp({ REDIS_URL: redisUrl(7), REDIS_PREFIX: '' });
        apps.push(a);
        const b = await startTestApp({ DATABASE_URL: other.url, REDIS_URL: redisUrl(8), REDIS_PREFIX: '' });
        apps.push(b);
        expect([a.config.redisPrefix, b.config.redisPrefix]).toEqual(['mazad-db7', 'mazad-db8']);

        const watcherOfA = await connectSocket(a.url);
        const watcherOfB = await connectSocket(b.url);
        sockets.push(watcherOfA, watcherOfB);
        const seenOnA = collect<{ id: string }>(watcherOfA, SocketEvents.NewAuction);
        const seenOnB = collect<{ id: string }>(watcherOfB, SocketEvents.NewAuction);
        const onA = await createAuction(a, await createUser(a));
        const onB = await createAuction(b, await createUser(b));
        await eventually(async () => seenOnA.some((x) => x.id === onA.id) && seenOnB.some((x) => x.id === onB.id));
        // Each deployment's own arrived; give the other's the same time again to cross (it must not).
        await sleep(1_000);
        expect(seenOnA.map((x) => x.id)).not.toContain(onB.id);
        expect(seenOnB.map((x) => x.id)).not.toContain(onA.id);
      } finally {
        for (const s of sockets) s.disconnect();
        for (const app of apps) await app.close();
      }
    });
  }, 240_000);
});
