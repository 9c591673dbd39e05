/**
 * Step 7 and the end: runs the server (in its own process group: signals come from here only,
 * once), forwards Ctrl+C / SIGTERM / SIGHUP to it, then stops what npm start started, in
 * reverse order. A second signal (after 2 s) kills the server at once.
 */
import { isRunning, stopChild } from '../processes.cjs';
import { spawnServer } from '../server-process.cjs';
import { ROOT, say } from './context.mjs';

export class Supervisor {
  /** Services this script started, stopped in reverse order after the server. */
  services = [];
  stopRequested = false;
  firstSignalAt = 0;
  /** @type {import('../server-process.cjs').ServerProcess | undefined} */
  server;

  constructor() {
    // Last resort when this script dies unexpectedly: never leave the services running.
    process.on('exit', () => {
      for (const { child } of this.services) if (isRunning(child)) child.kill('SIGTERM');
    });
  }

  /** Remembers a started service; `requestStop()` asks it to stop (SIGTERM when that throws). */
  track(name, child, requestStop) {
    this.services.push({ name, child, requestStop });
  }

  async stopServices() {
    for (const service of [...this.services].reverse()) {
      if (!isRunning(service.child)) continue;
      say(`Stopping ${service.name} …`);
      await stopChild(service.child, { request: service.requestStop, timeoutMs: 15_000 });
    }
  }

  /** Ctrl+C, SIGTERM, SIGHUP, and the npm process above going away. */
  handleSignals() {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => this.onSignal(signal));
    // `kill <npm pid>` stops npm and its shell but does not reach this script: notice the orphaning.
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && !this.stopRequested && this.onSignal('SIGTERM'), 1000).unref();
  }

  onSignal(signal) {
    const server = this.server?.isRunning() ? this.server.process : undefined;
    // npm forwards the terminal's Ctrl+C, so one key press can arrive twice: only a later one forces.
    if (this.stopRequested && Date.now() - this.firstSignalAt < 2000) return;
    if (this.stopRequested) {
      say(`${signal} again: stopping at once.`);
      server?.kill('SIGKILL');
      return;
    }
    this.stopRequested = true;
    this.firstSignalAt = Date.now();
    say(`${signal}: stopping …`);
    if (server) server.kill(signal);
    else this.stopServices().then(() => process.exit(0));
  }

  /**
   * Runs server/dist/main.js with `env`; when it exits, stops the services and exits likewise.
   * Resolves true once the server is healthy, false when it exited before.
   */
  async runServer(env, port) {
    this.server = await spawnServer(env, { port, cwd: ROOT, stdio: 'inherit', detached: true });
    const child = this.server.process;
    child.once('exit', async (code, signal) => {
      if (!this.stopRequested) console.error(`[start] the server stopped (${signal ?? `exit code ${code}`}).`);
      await this.stopServices();
      process.exit(this.stopRequested ? 0 : code || 1);
    });
    return this.server.ready({ timeoutMs: Infinity }).then(
      () => true,
      () => false,
    );
  }
}
