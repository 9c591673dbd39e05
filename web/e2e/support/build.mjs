/**
 * Builds what the run needs and is missing: the server (normally built by scripts/test.mjs
 * before this suite) and web/dist when it is missing or older than its sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, SERVER_MAIN, WEB_DIR, WEB_DIST } from './paths.mjs';

/** Newest modification time under the given files and folders (0 when none exist). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(join(path, entry));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

const WEB_SOURCES = [
  join(WEB_DIR, 'src'),
  join(WEB_DIR, 'public'),
  join(WEB_DIR, 'sw'),
  join(WEB_DIR, 'build'),
  join(WEB_DIR, 'index.html'),
  join(WEB_DIR, 'vite.config.ts'),
  join(WEB_DIR, 'package.json'),
  join(ROOT_DIR, 'contracts', 'src'),
];

export function webDistIsStale() {
  const index = join(WEB_DIST, 'index.html');
  if (!existsSync(index)) return true;
  return newestMtime(WEB_SOURCES) > statSync(index).mtimeMs;
}

function run(command, log) {
  log(`$ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, {
    cwd: ROOT_DIR,
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (result.status !== 0) {
    throw new Error(
      `"${command}" failed (${result.status}):\n${(result.stdout ?? '').slice(-4000)}\n${(result.stderr ?? '').slice(-4000)}`,
    );
  }
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

export function ensureBuilt(log = console.log) {
  if (!existsSync(SERVER_MAIN)) run('npm run build -w contracts && npm run build -w server', log);
  if (webDistIsStale()) run('npm run build -w web', log);
  else log('web/dist is up to date');
}
