/**
 * docker/compose.yml scaled by one command: the stack (api, the default two gateways, worker,
 * PostgreSQL, Redis, nginx) starts from the suite's image and the local stand-ins for the official
 * postgres/redis/nginx images (docker/base/services.Dockerfile), as a fresh compose project on a
 * free port. Through nginx: `/` and `/api/health` answer, a Socket.IO client connects over the
 * WebSocket transport, /metrics is not reachable (and on the compose network answers only
 * METRICS_TOKEN). Then `up --scale gateway=4 --no-recreate`:
 * four gateways become healthy, nginx (neither restarted nor edited) sends new sockets to every
 * one of them (each gateway's mazad_socket_connections, read on its metrics port as Prometheus
 * does), and the first two kept running. `down -v` at the end.
 *
 * Without a Docker engine or docker-compose: as deploy.test.mjs (fails, saying so, unless
 * MAZAD_DEPLOY_OPTIONAL=1). Run: npm run test:deploy
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { freePort } from '../lib/free-port.cjs';
import {
  buildBase,
  buildImage,
  buildServiceImages,
  composeProject,
  docker,
  TEST_IMAGE,
  withEngine,
} from './docker.mjs';

const BUILD_TIMEOUT_MS = 30 * 60_000;
const STACK_TIMEOUT_MS = 4 * 60_000;
/** Sockets opened over 4 gateways: each is left out by chance with (3/4)^40 ≈ 1e-5 at most. */
const SOCKETS = 40;

withEngine('compose', composeSuite, { compose: true });

function composeSuite() {
  const project = `mazad-compose-${randomBytes(4).toString('hex')}`;
  const metricsToken = randomBytes(32).toString('base64url');
  const sockets = [];
  let baseUrl;
  let stack;

  before(
    async () => {
      const started = Date.now();
      await buildImage(await buildBase(), TEST_IMAGE);
      const images = await buildServiceImages();
      console.log(`compose: images ready in ${Math.round((Date.now() - started) / 1000)} s`, images);

      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      stack = composeProject(project, {
        ...images,
        MAZAD_IMAGE: TEST_IMAGE,
        HTTP_PORT: String(port),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        METRICS_TOKEN: metricsToken,
        PUBLIC_ORIGIN: baseUrl,
        WEB_ORIGINS: baseUrl,
      });
      const upStarted = Date.now();
      // The file's counts (GATEWAY_REPLICAS: 2). Returns once the proxy has started, i.e. once
      // api and the gateways are healthy.
      await stack.compose('up', '--detach', '--no-build');
      await waitFor('nginx to answer /api/health', async () => (await fetch(`${baseUrl}/api/health`)).ok);
      console.log(`compose: ${project} up with 2 gateways in ${Math.round((Date.now() - upStarted) / 1000)} s`);
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(
    async () => {
      for (const socket of sockets) socket.disconnect();
      await stack?.down().catch((error) => console.error(`compose: down failed: ${error.message}`));
    },
    { timeout: STACK_TIMEOUT_MS },
  );

  /** Polls `check` every second until it holds; fails with the stack's logs after STACK_TIMEOUT_MS. */
  async function waitFor(what, check) {
    const deadline = Date.now() + STACK_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (await check().catch(() => false)) return;
      await sleep(1000);
    }
    assert.fail(`waited ${STACK_TIMEOUT_MS / 1000} s for ${what}:\n${await stack.logs()}`);
  }

  /** A Socket.IO client on the WebSocket transport only, as the web app opens it first; resolves once connected. */
  function connect() {
    const socket = io(baseUrl, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  /**
   * mazad_socket_connections of a container, from its metrics port (9464) at its address on the
   * compose network, where Prometheus scrapes it (the host reaches that network directly), with
   * the bearer token Prometheus sends; without it the port answers 401.
   */
  async function socketConnections(container) {
    const address = await docker([
      'inspect',
      '--format',
      '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}',
      container,
    ]);
    const url = `http://${address}:9464/metrics`;
    assert.equal((await fetch(url)).status, 401, `${url} without METRICS_TOKEN`);
    const metrics = await (await fetch(url, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
    const value = /^mazad_socket_connections (\d+)$/m.exec(metrics)?.[1];
    assert.ok(value !== undefined, `no mazad_socket_connections on ${address}:9464`);
    return Number(value);
  }

  test('through nginx: / serves the web app and /api/health answers', async () => {
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    assert.equal(health.status, 'ok');
    const home = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
    assert.equal(home.status, 200);
    assert.match(await home.text(), /<div id="root">/);
  });

  test('the metrics port is not proxied: /metrics through nginx is no Prometheus page', async () => {
    const res = await fetch(`${baseUrl}/metrics`);
    assert.doesNotMatch(await res.text(), /^# (HELP|TYPE) /m);
  });

  test('a Socket.IO client connects over WebSocket through nginx', async () => {
    const socket = await connect();
    assert.equal(socket.io.engine.transport.name, 'websocket');
  });

  test('--scale gateway=4: four healthy gateways, each given new sockets by nginx as it runs', async () => {
    const [proxyBefore] = await stack.containers('proxy');
    const gatewaysBefore = await stack.containers('gateway');
    assert.equal(gatewaysBefore.length, 2);
    const proxyStarted = await docker(['inspect', '--format', '{{.State.StartedAt}}', proxyBefore]);

    const started = Date.now();
    await stack.compose('up', '--detach', '--no-build', '--no-recreate', '--scale', 'gateway=4');
    let gateways = [];
    await waitFor('4 healthy gateways', async () => {
      gateways = await stack.containers('gateway');
      const health = await Promise.all(gateways.map((id) => stack.health(id)));
      return gateways.length === 4 && health.every((status) => status === 'healthy');
    });
    console.log(`compose: 4 gateways healthy ${Math.round((Date.now() - started) / 1000)} s after the command`);
    // The first two kept running, and nginx is the same process: nothing was restarted.
    for (const id of gatewaysBefore) assert.ok(gateways.includes(id), `gateway ${id} was replaced`);
    assert.deepEqual(await stack.containers('proxy'), [proxyBefore]);
    assert.equal(await docker(['inspect', '--format', '{{.State.StartedAt}}', proxyBefore]), proxyStarted);

    const before = await Promise.all(gateways.map(socketConnections));
    // One after another, as members arrive: requests that wait together on one re-resolution of
    // the name (every 5 s) all take the first address of its answer, so a burst would measure
    // that instant rather than the spreading.
    for (let i = 0; i < SOCKETS; i++) await connect();
    const after = await Promise.all(gateways.map(socketConnections));
    const added = after.map((count, i) => count - before[i]);
    console.log(`compose: ${SOCKETS} new sockets per gateway: ${added.join(', ')}`);
    assert.equal(
      added.reduce((sum, count) => sum + count, 0),
      SOCKETS,
    );
    assert.ok(
      added.every((count) => count > 0),
      `a gateway got none of the new sockets: ${added.join(', ')}`,
    );
  });
}
