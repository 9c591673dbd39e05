/**
 * npm start's fallbacks, end to end: with nothing at the default PostgreSQL and Redis addresses
 * (MAZAD_DEFAULT_* point at closed ports), `node scripts/start.mjs` starts the embedded
 * PostgreSQL and a child redis-server (on free ports, in a scratch data folder, so a developer's
 * own `npm start` is never touched), the server answers /api/health on them, and Ctrl+C stops
 * the server and then both services: their ports are free again and no process is left.
 *
 * Needs server/dist (npm run build -w contracts && npm run build -w server), redis-server on
 * PATH and, as root, a `postgres` OS user (see scripts/lib/embedded-postgres.mjs).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { withClient } from '../lib/databases.cjs';
import { freePort, portIsFree } from '../lib/free-port.cjs';
import { embeddedPostgresUrl } from '../lib/postgres.cjs';
import { exited } from '../lib/processes.cjs';
import { redisAnswers } from '../lib/redis.cjs';
import { ROOT, waitForHealth } from '../lib/server-process.cjs';

const data = mkdtempSync(join(tmpdir(), 'mazad-start-test-'));
const marker = `MAZAD_DATA_DIR=${data}`;
/** The child redis-server's process title (redis rewrites its environment, so no marker there). */
let redisTitle = `redis-server 127.0.0.1:<not yet>`;
/** @type {import('node:child_process').ChildProcess | undefined} */
let start;

/** Processes started for this test: they inherit MAZAD_DATA_DIR=<our scratch folder>. */
function ourProcesses() {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (environ.includes(marker) || command.includes(redisTitle)) found.push({ pid: Number(entry), command });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

after(async () => {
  // A failed run: let start stop what it started, then kill whatever is left.
  if (start && start.exitCode === null && start.signalCode === null) {
    start.kill('SIGINT');
    await Promise.race([exited(start), sleep(30_000, undefined, { ref: false })]);
  }
  for (const { pid } of ourProcesses()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  rmSync(data, { recursive: true, force: true });
});

/** `count` distinct free ports. */
async function freePorts(count) {
  const ports = new Set();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

test("npm start's PUBLIC_ORIGIN (e-mail links, sharing previews) follows PORT unless it is set", async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'mazad-start-env-'));
  const names = ['PORT', 'PUBLIC_ORIGIN', 'MAZAD_DATA_DIR'];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  try {
    // The generated secrets go to a scratch data folder (read when the module is loaded).
    process.env.MAZAD_DATA_DIR = scratch;
    const { resolveEnvironment } = await import('../lib/start/environment.mjs');
    const publicOrigin = (env) => {
      for (const [name, value] of Object.entries(env)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      return resolveEnvironment().env.PUBLIC_ORIGIN;
    };
    assert.equal(publicOrigin({ PORT: '4123', PUBLIC_ORIGIN: undefined }), 'http://localhost:4123');
    assert.equal(publicOrigin({ PORT: '4123', PUBLIC_ORIGIN: '' }), 'http://localhost:4123');
    assert.equal(publicOrigin({ PORT: undefined, PUBLIC_ORIGIN: undefined }), 'http://localhost:3000');
    // Set: the server reads it as it is (npm start adds nothing).
    assert.equal(publicOrigin({ PORT: '4123', PUBLIC_ORIGIN: 'https://mazad.example' }), undefined);
  } finally {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    rmSync(scratch, { recursive: true, force: true });
  }
});

test(
  'npm start falls back to the embedded PostgreSQL and a child redis-server, and Ctrl+C stops them all',
  { timeout: 120_000 },
  async () => {
    const [port, pgPort, redisPort, closedPg, closedRedis] = await freePorts(5);
    redisTitle = `redis-server 127.0.0.1:${redisPort}`;
    const env = {
      ...process.env,
      // Empty counts as unset (and keeps a developer's .env from setting them).
      DATABASE_URL: '',
      REDIS_URL: '',
      MAZAD_DEFAULT_DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPg}/mazad`,
      MAZAD_DEFAULT_REDIS_URL: `redis://127.0.0.1:${closedRedis}`,
      MAZAD_EMBEDDED_PG_PORT: String(pgPort),
      MAZAD_FALLBACK_REDIS_PORT: String(redisPort),
      MAZAD_DATA_DIR: data,
      MAZAD_SKIP_BUILDS: 'true',
      PORT: String(port),
      WEB_DIST_DIR: '',
      ADMIN_DIST_DIR: '',
      MAIL_OUTBOX_DIR: join(data, 'outbox'),
      UPLOAD_DIR: join(data, 'uploads'),
      LOG_LEVEL: 'warn',
    };
    start = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout.on('data', (chunk) => (output += chunk));
    start.stderr.on('data', (chunk) => (output += chunk));
    const startExited = exited(start);

    await waitForHealth(`http://127.0.0.1:${port}`, { child: start, timeoutMs: 90_000, output: () => output });

    assert.match(output, /No usable PostgreSQL at .*; using the embedded PostgreSQL/);
    assert.match(output, new RegExp(`Starting the embedded PostgreSQL on 127\\.0\\.0\\.1:${pgPort}`));
    assert.match(output, new RegExp(`starting \\S*redis-server on 127\\.0\\.0\\.1:${redisPort}`));
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    assert.equal(health.postgres.status, 'up');
    assert.equal(health.redis.status, 'up');

    // The services really are ours, on the ports given, and the server migrated the database there.
    assert.deepEqual(await redisAnswers(`redis://127.0.0.1:${redisPort}`), { ok: true });
    const password = readFileSync(join(data, 'postgres-password'), 'utf8').trim();
    const [{ port: servedPort, users }] = await withClient(
      embeddedPostgresUrl({ port: pgPort, password, database: 'mazad' }),
      async (client) => {
        const { rows } = await client.query(
          `SELECT current_setting('port') AS port, (SELECT count(*)::int FROM users) AS users`,
        );
        return rows;
      },
    );
    assert.equal(Number(servedPort), pgPort);
    assert.ok(users >= 0);
    const running = ourProcesses().map((p) => p.command);
    assert.ok(
      running.some((c) => c.includes('server/dist/main.js')),
      `server process missing: ${running.join(' | ')}`,
    );
    assert.ok(
      running.some((c) => c.includes(redisTitle)),
      `redis-server missing: ${running.join(' | ')}`,
    );
    assert.ok(
      running.some((c) => c.includes('embedded-postgres.mjs')),
      `embedded PostgreSQL helper missing: ${running.join(' | ')}`,
    );
    assert.ok(
      running.some((c) => /postgres/.test(c) && c.includes(join(data, 'postgres'))),
      `postgres missing: ${running.join(' | ')}`,
    );

    // Ctrl+C: the server stops first, then what start started; start exits 0.
    start.kill('SIGINT');
    await Promise.race([
      startExited,
      sleep(45_000, undefined, { ref: false }).then(() => assert.fail(`start did not stop within 45 s:\n${output}`)),
    ]);
    assert.equal(start.exitCode, 0, output);
    assert.ok(output.indexOf('Stopping redis-server') < output.indexOf('Stopping embedded PostgreSQL'), output);

    for (const [name, p] of [
      ['server', port],
      ['embedded PostgreSQL', pgPort],
      ['redis-server', redisPort],
    ]) {
      assert.ok(await portIsFree(p), `${name} port ${p} still in use`);
    }
    assert.deepEqual(ourProcesses(), []);
  },
);
