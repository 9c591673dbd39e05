/**
 * The Docker engine as the deploy suite uses it: is there one, the local base images
 * (docker/base/make-base.sh), the product image (docker/Dockerfile), one container of it, and
 * docker/compose.yml's stack. Builds run under `nice` (they share the machine with other suites)
 * and on the host network (the engine runs with --iptables=false, so the default bridge has no
 * way out).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The product image every test file of the suite builds (the second build is all cache). */
export const TEST_IMAGE = 'mazad-server:deploy-test';

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

/** Why `command args` does not answer here, or undefined when it does. */
function missing(command, args) {
  const probe = spawnSync(command, args, { encoding: 'utf8' });
  if (probe.error) return `no ${command} command: ${probe.error.message}`;
  if (probe.status !== 0) return (probe.stderr || probe.stdout).trim().split('\n').pop();
  return undefined;
}

/**
 * Runs `suite` (it declares the tests) when a Docker engine answers, and docker-compose too when
 * `compose` is set. Otherwise one test named `name` says why and fails, or is skipped (still
 * saying so) with MAZAD_DEPLOY_OPTIONAL=1.
 */
export function withEngine(name, suite, { compose = false } = {}) {
  const noEngine = missing('docker', ['info', '--format', '{{.ServerVersion}}']);
  const noCompose = compose ? missing('docker-compose', ['version', '--short']) : undefined;
  const why = noEngine ? `no Docker engine (${noEngine})` : noCompose && `no docker-compose (${noCompose})`;
  if (!why) return suite();
  const line = `${name}: skipped — ${why}`;
  console.log(line);
  if (process.env.MAZAD_DEPLOY_OPTIONAL === '1') test(name, { skip: line }, () => {});
  else test(name, () => assert.fail(`${line}; MAZAD_DEPLOY_OPTIONAL=1 makes it optional`));
}

/** Builds (once; make-base.sh keeps it) the local Node.js 24 base image; returns its name. */
export async function buildBase() {
  const output = await run('nice', ['-n', '10', join(ROOT_DIR, 'docker/base/make-base.sh')]);
  return output.split('\n').pop();
}

/**
 * Builds (once, as buildBase) the local stand-ins for the official postgres, redis and nginx
 * images; returns the compose file's variables naming them (POSTGRES_IMAGE, REDIS_IMAGE, NGINX_IMAGE).
 */
export async function buildServiceImages() {
  const output = await run('nice', ['-n', '10', join(ROOT_DIR, 'docker/base/make-base.sh'), 'services']);
  return Object.fromEntries([...output.matchAll(/^([A-Z]+_IMAGE)=(\S+)$/gm)].map(([, name, image]) => [name, image]));
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

/**
 * docker/compose.yml as project `project`, with only `variables` (and PATH, HOME, DOCKER_HOST)
 * for its interpolation: neither the caller's environment nor a developer's docker/.env (an
 * empty --env-file instead; docker-compose 1.29 refuses /dev/null) reaches the stack.
 */
export function composeProject(project, variables) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...variables };
  if (process.env.DOCKER_HOST) env.DOCKER_HOST = process.env.DOCKER_HOST;
  const scratch = mkdtempSync(join(tmpdir(), 'mazad-compose-'));
  const envFile = join(scratch, 'empty.env');
  writeFileSync(envFile, '');
  const compose = (...args) =>
    run('docker-compose', ['--env-file', envFile, '-p', project, '-f', 'docker/compose.yml', ...args], { env });
  return {
    compose,
    /** The ids of `service`'s running containers (the output may hold docker-compose's warnings too). */
    containers: async (service) => (await compose('ps', '-q', service)).match(/^[0-9a-f]{64}$/gm) ?? [],
    health: (id) => docker(['inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{end}}', id]),
    logs: (...services) => compose('logs', '--no-color', '--tail', '40', ...services).catch((error) => error.message),
    down: async () => {
      await compose('down', '--volumes', '--remove-orphans', '--timeout', '5');
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
