/**
 * A private, throw-away deployment for one benchmark run: its own database (created and
 * migrated here, dropped at the end), its own Redis prefix, and N server processes built from
 * server/dist, all on this machine's PostgreSQL and Redis (or the URLs given).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const require = createRequire(import.meta.url);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_MAIN = join(ROOT, 'server', 'dist', 'main.js');

export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function createEnvironment() {
  if (!existsSync(SERVER_MAIN)) throw new Error('server/dist is missing: run "npm run build -w contracts && npm run build -w server"');
  const name = `mazad_bench_${Date.now()}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const databaseUrl = withDatabase(ADMIN_DATABASE_URL, name);

  const { DataSource } = require(join(ROOT, 'node_modules', 'typeorm'));
  const { dataSourceOptions } = require(join(ROOT, 'server', 'dist', 'infrastructure', 'database', 'data-source-options.js'));
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
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '',
    ADMIN_DIST_DIR: '',
    UPLOAD_DIR: join(ROOT, '.data', 'bench-uploads'),
    MAIL_OUTBOX_DIR: join(ROOT, '.data', 'bench-outbox'),
  };
  const servers = [];

  return {
    databaseUrl,
    db,
    env,
    async startServer() {
      const port = await freePort();
      // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the servers.
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
        env: { PATH: process.env.PATH, ...env, PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${url}/api/health`)).status === 200) break;
        } catch {}
        if (Date.now() > deadline) throw new Error('server did not become healthy');
        await new Promise((r) => setTimeout(r, 100));
      }
      const exited = new Promise((r) => child.once('exit', r));
      servers.push({ child, exited });
      return { url, pid: child.pid };
    },
    async createMembers(count, prefix) {
      const rows = [];
      for (let i = 0; i < count; i++) {
        const { rows: [u] } = await db.query(
          `INSERT INTO users (name, email, phone, location, password_hash, is_verified)
           VALUES ($1, $2, '0790000000', 'عمّان', 'benchmark-account-no-login', true) RETURNING id, token_version`,
          [`${prefix} ${i + 1}`, `${prefix}-${i}-${randomUUID()}@bench.local`],
        );
        rows.push({ id: u.id, token: jwt.sign({ sub: u.id, tv: u.token_version }, env.JWT_SECRET, { expiresIn: '2h' }) });
      }
      return rows;
    },
    async createAuction(sellerId, startingFils = 1000) {
      const { rows: [a] } = await db.query(
        `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                               auction_duration, end_time)
         VALUES ($1, 'مزاد ساخن', 'مزاد اختبار الأداء', 'متنوعة', '{}', $2, $2, '24h', now() + interval '24 hours')
         RETURNING id`,
        [sellerId, startingFils],
      );
      return a.id;
    },
    async close() {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await db.end();
      const a = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
