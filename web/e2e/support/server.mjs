/** The real server (server/dist/main.js) as a child process on a free port: the repository's harness. */
import { startServerProcess } from '../../../scripts/lib/server-process.cjs';
import { ROOT_DIR } from './paths.mjs';

export { freePort } from '../../../scripts/lib/free-port.cjs';

/**
 * Starts the server and waits for GET /api/health → 200. `env` is the whole environment;
 * `port` defaults to a free one. Returns { url, port, pid, output(), stop() } (see
 * scripts/lib/server-process.d.cts).
 */
export function startServer(env, { timeoutMs = 60_000, port } = {}) {
  return startServerProcess(env, { cwd: ROOT_DIR, timeoutMs, port });
}
