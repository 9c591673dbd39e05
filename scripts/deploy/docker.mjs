/**
 * The Docker engine as the deploy suite uses it: is there one, the local base image
 * (docker/base/make-base.sh), the product image (docker/Dockerfile) and one container of it.
 * Builds run under `nice` (they share the machine with other suites) and on the host network
 * (the engine runs with --iptables=false, so the default bridge has no way out).
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `command`; resolves with its output, rejects with the tail of it when it fails. */
function run(command, args, { env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(output.trim())
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

export const docker = (args, options) => run('docker', args, options);

/** Why no Docker engine answers here, or undefined when one does. */
export function missingEngine() {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8' });
  if (info.error) return `no docker command: ${info.error.message}`;
  if (info.status !== 0) return (info.stderr || info.stdout).trim().split('\n').pop();
  return undefined;
}

/** Builds (once; make-base.sh keeps it) the local Node.js 24 base image; returns its name. */
export async function buildBase() {
  const output = await run('nice', ['-n', '10', join(ROOT_DIR, 'docker/base/make-base.sh')]);
  return output.split('\n').pop();
}

/** Builds docker/Dockerfile on `baseImage` as `tag`. */
export function buildImage(baseImage, tag) {
  return run('nice', [
    '-n',
    '10',
    'docker',
    'build',
    '--network',
    'host',
    '-q',
    '-f',
    'docker/Dockerfile',
    '--build-arg',
    `NODE_IMAGE=${baseImage}`,
    '-t',
    tag,
    '.',
  ]);
}

/** The image's size in MB. */
export async function imageSizeMb(tag) {
  return Math.round(Number(await docker(['image', 'inspect', '--format', '{{.Size}}', tag])) / 1e6);
}

/**
 * Starts `image` detached on the host network. `env` is passed by name only (`-e NAME`), so the
 * secrets in it do not show in the process list; `volumes` are `host:container` pairs.
 */
export async function startContainer({ image, name, env, volumes = [] }) {
  await docker(
    [
      'run',
      '--detach',
      '--network',
      'host',
      '--name',
      name,
      ...Object.keys(env).flatMap((key) => ['-e', key]),
      ...volumes.flatMap((volume) => ['-v', volume]),
      image,
    ],
    { env: { ...process.env, ...env } },
  );
  return {
    name,
    running: async () => (await docker(['inspect', '--format', '{{.State.Running}}', name])) === 'true',
    logs: () => docker(['logs', '--tail', '60', name]).catch((error) => error.message),
    exec: (...args) => docker(['exec', name, ...args]),
    inspect: async (format) => docker(['inspect', '--format', format, name]),
    remove: () => docker(['rm', '--force', name]),
  };
}
