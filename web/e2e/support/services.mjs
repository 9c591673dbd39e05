/**
 * A fresh PostgreSQL database and a unique Redis prefix for one run, and their removal.
 * PostgreSQL: TEST_DATABASE_URL, else the local server (trust auth). Redis: TEST_REDIS_URL,
 * REDIS_URL, else the local one.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function createDatabase() {
  const name = `mazad_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return { name, url: withDatabase(ADMIN_URL, name) };
}

export async function dropDatabase(name) {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export function redisSettings() {
  return { url: REDIS_URL, prefix: `mazad_e2e_${Date.now()}_${randomBytes(3).toString('hex')}` };
}

export async function checkRedis(url) {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key of the run's prefix. */
export async function clearRedis(url, prefix) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}
