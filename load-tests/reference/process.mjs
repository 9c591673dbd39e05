/**
 * The reference server (./server.mjs) as a child process, for the benchmark and its smoke test:
 * spawned on a port with the given environment, ready once GET /api/health answers 200, stopped
 * with SIGTERM (killed when it does not go in time). The same harness as the product's
 * (scripts/lib/server-process.cjs).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/free-port.cjs';
import { exited, stopChild } from '../../scripts/lib/processes.cjs';
import { waitForHealth } from '../../scripts/lib/server-process.cjs';

export const REFERENCE_MAIN = fileURLToPath(new URL('./server.mjs', import.meta.url));

/**
 * @param {Record<string, string | undefined>} env DATABASE_URL, REDIS_URL, REDIS_PREFIX, JWT_SECRET, BID_EXTENSION…
 * @param {{ port?: number, nodeArgs?: string[], timeoutMs?: number }} [options]
 */
export async function startReferenceServer(env, { port, nodeArgs = [], timeoutMs = 30_000 } = {}) {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [...nodeArgs, REFERENCE_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitForHealth(url, { child, timeoutMs, output: () => output });
  } catch (err) {
    child.kill('SIGKILL');
    await exited(child);
    throw err;
  }
  return {
    url,
    port: listenPort,
    pid: child.pid,
    output: () => output,
    stop: () => stopChild(child, { timeoutMs: 10_000 }),
  };
}
