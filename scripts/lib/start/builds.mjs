/**
 * Step 2: builds what is missing or older than its sources: contracts, server, web, console.
 * A web or console build that fails or cannot be made yet is reported and the API served anyway.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fail, ROOT, say, warn } from './context.mjs';

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

function buildReason(build, rebuild) {
  const output = join(ROOT, build.output);
  if (rebuild) return 'requested with --rebuild';
  if (!existsSync(output)) return 'not built yet';
  const sources = Math.max(
    newestSource(join(ROOT, build.workspace)),
    ...build.extraSources.map((s) => newestSource(join(ROOT, s))),
  );
  return sources > statSync(output).mtimeMs ? 'sources changed since the last build' : undefined;
}

/** @param {{ rebuild: boolean }} options */
export function buildAll({ rebuild }) {
  // Testing aid: the start-up test takes the builds as they are (it needs only server/dist).
  if (process.env.MAZAD_SKIP_BUILDS === 'true') return;
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
    const reason = buildReason(build, rebuild);
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
