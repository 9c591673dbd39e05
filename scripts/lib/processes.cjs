'use strict';
/** Child processes: still running?, wait for the exit, stop gracefully then kill; programs on PATH. */
const { statSync } = require('node:fs');
const { delimiter, join } = require('node:path');

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {boolean}
 */
const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Resolves when `child` has exited (at once when it already has).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function exited(child) {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Asks `child` to stop (`request()`, by default the signal `signal`), waits up to `timeoutMs`,
 * then kills it (SIGKILL) and waits for the exit.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ signal?: NodeJS.Signals, timeoutMs?: number, request?: () => void }} [options]
 * @returns {Promise<void>}
 */
async function stopChild(child, { signal = 'SIGTERM', timeoutMs = 10_000, request } = {}) {
  if (!isRunning(child)) return;
  const done = exited(child);
  try {
    if (request) request();
    else child.kill(signal);
  } catch {
    child.kill(signal);
  }
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  if ((await Promise.race([done, late])) === 'late') child.kill('SIGKILL');
  clearTimeout(timer);
  await done;
}

/**
 * The full path of `command` on PATH, if there is one.
 * @param {string} command
 * @returns {string | undefined}
 */
function onPath(command) {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, command);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

module.exports = { isRunning, exited, stopChild, onPath };
