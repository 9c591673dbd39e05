'use strict';
/**
 * The real server (server/dist/main.js) as a child process: spawned with a given environment on a
 * port, ready once GET /api/health answers 200, stopped gracefully (SIGTERM) and killed when it
 * does not go in time. One copy for npm start, the server's multi-process tests, the browser
 * journeys and the bench.
 */
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { freePort } = require('./free-port.cjs');
const { exited, isRunning, stopChild } = require('./processes.cjs');

const ROOT = resolve(__dirname, '..', '..');
const SERVER_MAIN = join(ROOT, 'server', 'dist', 'main.js');
const OUTPUT_KEPT = 20_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `${url}/api/health` until it answers 200. Throws when `child` (if given) exits first, or
 * after `timeoutMs` (Infinity: as long as the child runs).
 * @param {string} url base URL, e.g. http://127.0.0.1:3000
 * @param {{ child?: import('node:child_process').ChildProcess, timeoutMs?: number, intervalMs?: number, output?: () => string }} [options]
 * @returns {Promise<void>}
 */
async function waitForHealth(url, { child, timeoutMs = 60_000, intervalMs = 150, output = () => '' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && !isRunning(child)) {
      throw new Error(
        `the server exited early (${child.signalCode ?? `exit code ${child.exitCode}`})${tail(output())}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline)
      throw new Error(`the server did not become healthy within ${timeoutMs} ms${tail(output())}`);
    await sleep(intervalMs);
  }
}

const tail = (text) => (text ? `:\n${text}` : '');

/**
 * Spawns server/dist/main.js; does not wait. `env` is the server's whole environment (PATH and
 * HOME are added when missing; PORT is set to `port`, a free one unless given).
 *
 * @param {Record<string, string | undefined>} env
 * @param {import('./server-process.cjs').SpawnServerOptions} [options]
 * @returns {Promise<import('./server-process.cjs').ServerProcess>}
 */
async function spawnServer(
  env,
  { port, cwd = ROOT, stdio, detached = false, nodeArgs = [], outputKept = OUTPUT_KEPT } = {},
) {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run "npm run build -w contracts && npm run build -w server" first`);
  }
  const listenPort = port ?? (await freePort());
  const capture = stdio === undefined;
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    cwd,
    detached,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(listenPort) },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : stdio,
  });
  let output = '';
  if (capture) {
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-outputKept);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }
  const url = `http://127.0.0.1:${listenPort}`;
  const done = exited(child);
  return {
    url,
    port: listenPort,
    pid: /** @type {number} */ (child.pid),
    process: child,
    exited: done,
    output: () => output,
    isRunning: () => isRunning(child),
    ready: ({ timeoutMs } = {}) => waitForHealth(url, { child, timeoutMs, output: () => output }),
    stop: ({ signal = 'SIGTERM', timeoutMs = 10_000 } = {}) => stopChild(child, { signal, timeoutMs }),
    kill: async () => {
      if (isRunning(child)) child.kill('SIGKILL');
      await done;
    },
  };
}

/**
 * Spawns the server and waits until it is healthy (60 s unless `timeoutMs` says otherwise);
 * kills it when it does not get there.
 * @param {Record<string, string | undefined>} env
 * @param {import('./server-process.cjs').SpawnServerOptions & { timeoutMs?: number }} [options]
 */
async function startServerProcess(env, { timeoutMs, ...options } = {}) {
  const server = await spawnServer(env, options);
  try {
    await server.ready({ timeoutMs });
  } catch (err) {
    await server.kill();
    throw err;
  }
  return server;
}

module.exports = { ROOT, SERVER_MAIN, waitForHealth, spawnServer, startServerProcess };
