/**
 * A private, throw-away deployment for one benchmark run: its own database (created and
 * migrated here, dropped at the end), its own Redis prefix (cleared at the end), and N server
 * processes built from server/dist, all on this machine's PostgreSQL and Redis (or the URLs
 * given). Processes and databases come from the repository's harness (scripts/lib/).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { createDatabase, dropDatabase } from '../../scripts/lib/databases.cjs';
import { freePort } from '../../scripts/lib/free-port.cjs';
import { clearRedisPrefix } from '../../scripts/lib/redis.cjs';
import { ROOT, SERVER_MAIN, startServerProcess } from '../../scripts/lib/server-process.cjs';
import { startReferenceServer } from '../reference/process.mjs';

const require = createRequire(import.meta.url);

export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * `portBase`: servers listen on portBase, portBase + 1, … (one range per engineer on a shared
 * machine); without it, on ports the system says are free. Each product server serves its
 * Prometheus `/metrics` on a port of its own (METRICS_PORT): `metricsPortBase`, + 1, …, else
 * free ports, to the bearer token `env.METRICS_TOKEN`. `databasePrefix` names the database.
 */
export async function createEnvironment({ portBase, metricsPortBase, databasePrefix = 'mazad_bench' } = {}) {
  if (!existsSync(SERVER_MAIN))
    throw new Error('server/dist is missing: run "npm run build -w contracts && npm run build -w server"');
  const { name, url: databaseUrl } = await createDatabase(ADMIN_DATABASE_URL, { prefix: databasePrefix });

  const { DataSource } = require(join(ROOT, 'node_modules', 'typeorm'));
  const { dataSourceOptions } = require(
    join(ROOT, 'server', 'dist', 'infrastructure', 'database', 'data-source-options.js'),
  );
  const { runMigrations } = require(join(ROOT, 'server', 'dist', 'infrastructure', 'database', 'migrate.js'));
  const ds = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  await runMigrations(ds);
  await ds.destroy();

  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `mazadbench-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // The bearer token of the servers' /metrics (recordServerMetrics sends it).
    METRICS_TOKEN: randomBytes(32).toString('hex'),
    RATE_LIMITS: 'off',
    // BENCH_SOCKET_ADAPTER=sharded measures the sharded Redis adapter (docs/performance.md).
    SOCKET_ADAPTER: process.env.BENCH_SOCKET_ADAPTER ?? 'classic',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '',
    ADMIN_DIST_DIR: '',
    UPLOAD_DIR: join(ROOT, '.data', 'bench-uploads'),
    MAIL_OUTBOX_DIR: join(ROOT, '.data', 'bench-outbox'),
  };
  const servers = [];
  let nextPort = portBase;
  const port = () => (nextPort ? nextPort++ : freePort());
  let nextMetricsPort = metricsPortBase;
  const metricsPort = () => (nextMetricsPort ? nextMetricsPort++ : freePort());

  return {
    databaseUrl,
    db,
    env,
    /**
     * One product server; `timeoutMs`: how long it may take to become healthy (a busy machine
     * starts slowly); `env`: variables of its own (MAZAD_ROLES …).
     */
    async startServer({ timeoutMs = 30_000, env: own = {} } = {}) {
      // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the servers.
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const metrics = await metricsPort();
      const server = await startServerProcess(
        { ...env, ...own, METRICS_PORT: String(metrics) },
        { port: await port(), nodeArgs, stdio: ['ignore', 'ignore', 'inherit'], timeoutMs },
      );
      servers.push(server);
      return { url: server.url, pid: server.pid, metricsUrl: `http://127.0.0.1:${metrics}/metrics` };
    },
    /** The reference server (load-tests/reference/) on the same database, Redis and secret. */
    async startReference() {
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const server = await startReferenceServer(
        { ...env, REDIS_PREFIX: `${env.REDIS_PREFIX}-ref` },
        { port: await port(), nodeArgs },
      );
      servers.push(server);
      return { url: server.url, pid: server.pid };
    },
    /** Stops every server started so far (before the other target takes the machine). */
    async stopServers() {
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    },
    async createMembers(count, prefix) {
      const rows = [];
      for (let i = 0; i < count; i++) {
        const {
          rows: [u],
        } = await db.query(
          `INSERT INTO users (name, email, phone, location, password_hash, is_verified)
           VALUES ($1, $2, '0790000000', 'عمّان', 'benchmark-account-no-login', true) RETURNING id, token_version`,
          [`${prefix} ${i + 1}`, `${prefix}-${i}-${randomUUID()}@bench.local`],
        );
        rows.push({
          id: u.id,
          token: jwt.sign({ sub: u.id, tv: u.token_version }, env.JWT_SECRET, { expiresIn: '2h' }),
        });
      }
      return rows;
    },
    async createAuction(sellerId, startingFils = 1000) {
      const {
        rows: [a],
      } = await db.query(
        `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                               auction_duration, end_time)
         VALUES ($1, 'مزاد ساخن', 'مزاد اختبار الأداء', 'متنوعة', '{}', $2, $2, '24h', now() + interval '24 hours')
         RETURNING id`,
        [sellerId, startingFils],
      );
      return a.id;
    },
    async close() {
      await Promise.all(servers.splice(0).map((s) => s.stop()));
      await db.end();
      await dropDatabase(ADMIN_DATABASE_URL, name);
      await clearRedisPrefix(REDIS_URL, env.REDIS_PREFIX);
    },
  };
}
