/** Step 1: Node.js version, dependencies (npm ci when missing), native addons that must load. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fail, ROOT, say, serverRequire } from './context.mjs';

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js >= 20.19 is needed (this is ${process.version}).`);
}

export function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) return;
  say('Installing dependencies (npm ci) …');
  const run = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0)
    fail('npm ci failed (see above). Node.js >= 20.19 and network access to the npm registry are needed.');
}

/**
 * Native addons whose prebuilt binaries may not fit this machine (argon2's prebuilt Linux binary
 * crashes on some CPUs): when one does not load, compile it here with npm's own node-gyp.
 */
const NATIVE_ADDONS = ['argon2'];

export function ensureNativeAddons() {
  const loads = (name) =>
    spawnSync(process.execPath, ['-e', `require(${JSON.stringify(name)})`], {
      cwd: join(ROOT, 'server'),
      stdio: 'ignore',
    });
  for (const name of NATIVE_ADDONS) {
    const probe = loads(name);
    if (probe.status === 0) continue;
    say(
      `The prebuilt ${name} binary does not work here (${probe.signal ?? `exit code ${probe.status}`}); compiling it …`,
    );
    const nodeGyp =
      process.env.npm_config_node_gyp ||
      resolve(
        dirname(process.execPath),
        '..',
        'lib',
        'node_modules',
        'npm',
        'node_modules',
        'node-gyp',
        'bin',
        'node-gyp.js',
      );
    const folder = dirname(serverRequire.resolve(name));
    const run = spawnSync(process.execPath, [nodeGyp, 'rebuild'], { cwd: folder, stdio: 'inherit' });
    if (run.status !== 0 || loads(name).status !== 0) {
      fail(
        `Could not compile ${name}. Install a C++ toolchain (apt-get install build-essential python3) and run npm start again.`,
      );
    }
  }
}
