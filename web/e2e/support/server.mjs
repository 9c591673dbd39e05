/** The real server (server/dist/main.js) as a child process on a free port. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT_DIR, SERVER_MAIN } from './paths.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the server and waits for GET /api/health → 200. `env` is the whole environment. */
export async function startServer(env, { timeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
