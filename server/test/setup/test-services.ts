import { execSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import { createDatabase, dropDatabase, postgresAnswers } from '../../../scripts/lib/databases.cjs';
import { clearRedisPrefix, redisAnswers } from '../../../scripts/lib/redis.cjs';
import { dataSourceOptions } from '../../src/infrastructure/database/data-source-options';
import { runMigrations } from '../../src/infrastructure/database/migrate';

export { clearRedisPrefix };

/**
 * Where the integration suites find PostgreSQL and Redis. Given URLs (TEST_DATABASE_URL /
 * DATABASE_URL, TEST_REDIS_URL / REDIS_URL) win; otherwise the local services on 127.0.0.1;
 * testcontainers only when neither is reachable and a Docker engine answers.
 * Databases and Redis prefixes are handled by the repository's harness (scripts/lib/).
 */
export interface TestServices {
  adminDatabaseUrl: string;
  redisUrl: string;
  stop?: () => Promise<void>;
}

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

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
  if ((await postgresAnswers(pgUrl)) && (await redisAnswers(redisUrl, { timeoutMs: 2000 })).ok)
    return { adminDatabaseUrl: pgUrl, redisUrl };
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

/** Creates a fresh database for this run and migrates it. */
export async function createRunDatabase(adminDatabaseUrl: string) {
  const { name, url } = await createDatabase(adminDatabaseUrl, { prefix: 'mazad_test' });
  const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();
  return { name, url };
}

/**
 * The run's database for each of `workers` jest workers: the first is `run` itself, the others
 * copies of it (migrated once), so suites running side by side never meet each other's rows.
 */
export async function createWorkerDatabases(
  adminDatabaseUrl: string,
  run: { name: string; url: string },
  workers: number,
) {
  const databases = [run];
  // One after another: a copy needs its template without other sessions, a concurrent copy among them.
  while (databases.length < workers) {
    databases.push(await createDatabase(adminDatabaseUrl, { prefix: 'mazad_test', template: run.name }));
  }
  return databases;
}

export async function dropRunDatabase(adminDatabaseUrl: string, name: string) {
  await dropDatabase(adminDatabaseUrl, name);
}
