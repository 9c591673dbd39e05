import { clearRedisPrefix, dropRunDatabase } from './test-services';

export default async function globalTeardown() {
  const env = process.env;
  if (env.MAZAD_TEST_DATABASE_NAMES && env.MAZAD_TEST_ADMIN_DATABASE_URL) {
    for (const name of env.MAZAD_TEST_DATABASE_NAMES.split(',')) {
      await dropRunDatabase(env.MAZAD_TEST_ADMIN_DATABASE_URL, name);
    }
  }
  if (env.MAZAD_TEST_REDIS_URL && env.MAZAD_TEST_REDIS_PREFIX) {
    await clearRedisPrefix(env.MAZAD_TEST_REDIS_URL, env.MAZAD_TEST_REDIS_PREFIX);
  }
  await (globalThis as { __mazadStopServices?: () => Promise<void> }).__mazadStopServices?.();
}
