import { randomBytes } from 'node:crypto';
import { createRunDatabase, findTestServices } from './test-services';

/** One freshly migrated database and one Redis prefix per test run; removed in global-teardown. */
export default async function globalSetup() {
  const services = await findTestServices();
  const db = await createRunDatabase(services.adminDatabaseUrl);
  process.env.MAZAD_TEST_ADMIN_DATABASE_URL = services.adminDatabaseUrl;
  process.env.MAZAD_TEST_DATABASE_NAME = db.name;
  process.env.MAZAD_TEST_DATABASE_URL = db.url;
  process.env.MAZAD_TEST_REDIS_URL = services.redisUrl;
  process.env.MAZAD_TEST_REDIS_PREFIX = `mazadtest-${randomBytes(4).toString('hex')}`;
  (globalThis as { __mazadStopServices?: () => Promise<void> }).__mazadStopServices = services.stop;
}
