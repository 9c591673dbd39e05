import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import { runMigrations } from '../../src/infrastructure/database/migrate';

/**
 * Where the integration suites find PostgreSQL and Redis. Given URLs (TEST_DATABASE_URL /
 * DATABASE_URL, TEST_REDIS_URL / REDIS_URL) win; otherwise the local services on 127.0.0.1;
 * testcontainers only when neither is reachable and a Docker engine answers.
 */
export interface TestServices {
  adminDatabaseUrl: string;
  redisUrl: string;
  stop?: () => Promise<void>;
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

async function pgReachable(url: string) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function redisReachable(url: string) {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function dockerEngineAvailable() {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

export async function findTestServices(): Promise<TestServices> {
  const givenPg = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const givenRedis = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
  const pgUrl = givenPg ?? LOCAL_PG;
  const redisUrl = givenRedis ?? LOCAL_REDIS;
  if ((await pgReachable(pgUrl)) && (await redisReachable(redisUrl))) return { adminDatabaseUrl: pgUrl, redisUrl };
  if (!givenPg && !givenRedis && dockerEngineAvailable()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const pg = await new PostgreSqlContainer('postgres:16-alpine').start();
    const redis = await new RedisContainer('redis:7-alpine').start();
    return {
      adminDatabaseUrl: pg.getConnectionUri(),
      redisUrl: redis.getConnectionUrl(),
      stop: async () => {
        await Promise.all([pg.stop(), redis.stop()]);
      },
    };
  }
  throw new Error(
    `Integration tests need PostgreSQL (${pgUrl}) and Redis (${redisUrl}). Start them ` +
      `(see .ci/run) or set TEST_DATABASE_URL / TEST_REDIS_URL.`,
  );
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh database for this run and migrates it. */
export async function createRunDatabase(adminDatabaseUrl: string) {
  const name = `mazad_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(adminDatabaseUrl, name);
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();
  return { name, url };
}

export async function dropRunDatabase(adminDatabaseUrl: string, name: string) {
  const admin = new Client({ connectionString: adminDatabaseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

/** Deletes every Redis key of a test run (all per-file prefixes start with the run prefix). */
export async function clearRedisPrefix(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}
