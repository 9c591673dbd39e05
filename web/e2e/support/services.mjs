/**
 * A fresh PostgreSQL database and a unique Redis prefix for one run, and their removal, through
 * the repository's harness (scripts/lib/). PostgreSQL: TEST_DATABASE_URL, else the local server
 * (trust auth). Redis: TEST_REDIS_URL, REDIS_URL, else the local one.
 */
import * as databases from '../../../scripts/lib/databases.cjs';
import { checkRedis, clearRedisPrefix, uniquePrefix } from '../../../scripts/lib/redis.cjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export { checkRedis };

/**
 * @param {string} [prefix] names the run's database and Redis keys after what runs (the journeys, the scan…)
 * @returns {Promise<{ name: string, url: string }>}
 */
export const createDatabase = (prefix = 'mazad_e2e') => databases.createDatabase(ADMIN_URL, { prefix });

/** @param {string} name */
export const dropDatabase = (name) => databases.dropDatabase(ADMIN_URL, name);

/** @param {string} [prefix] as for createDatabase */
export const redisSettings = (prefix = 'mazad_e2e') => ({ url: REDIS_URL, prefix: uniquePrefix(prefix) });

/** Deletes every key of the run's prefix. */
export const clearRedis = (url, prefix) => clearRedisPrefix(url, prefix);
