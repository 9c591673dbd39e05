import { randomBytes } from 'node:crypto';
import type { Config } from 'jest';
import { createRunDatabase, createWorkerDatabases, findTestServices } from './test-services';

/**
 * One freshly migrated database per jest worker (worker-database.ts picks a worker's) and one
 * Redis prefix per test run; removed in global-teardown.
 */
export default async function globalSetup(globalConfig: Pick<Config, 'maxWorkers'>) {
  const services = await findTestServices();
  const run = await createRunDatabase(services.adminDatabaseUrl);
  const workers = await createWorkerDatabases(services.adminDatabaseUrl, run, Number(globalConfig.maxWorkers) || 1);
  process.env.MAZAD_TEST_ADMIN_DATABASE_URL = services.adminDatabaseUrl;
  process.env.MAZAD_TEST_DATABASE_NAMES = workers.map((db) => db.name).join(',');
  process.env.MAZAD_TEST_DATABASE_URLS = workers.map((db) => db.url).join(',');
  process.env.MAZAD_TEST_REDIS_URL = services.redisUrl;
  process.env.MAZAD_TEST_REDIS_PREFIX = `mazadtest-${randomBytes(4).toString('hex')}`;
  (globalThis as { __mazadStopServices?: () => Promise<void> }).__mazadStopServices = services.stop;
}
