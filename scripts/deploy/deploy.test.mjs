/**
 * The deploy suite: the production image built from docker/Dockerfile on a local Node.js 24 base
 * (docker/base/make-base.sh; no image registry is needed) and started against this machine's
 * PostgreSQL and Redis with production settings, a fresh database and its own Redis prefix.
 * It must answer healthy, serve the web app and the console, let a member register (challenge,
 * e-mailed code) and bid on an auction the first administrator lists, and run as a non-root user.
 *
 * Without a Docker engine the suite prints one line saying so and fails, unless
 * MAZAD_DEPLOY_OPTIONAL=1 (then it is skipped, still saying so).
 * Run: npm run test:deploy
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { freePort } from '../lib/free-port.cjs';
import { createDataFactory } from '../../web/e2e/support/data.mjs';
import { waitForCode } from '../../web/e2e/support/outbox.mjs';
import {
  checkRedis,
  clearRedis,
  createDatabase,
  dropDatabase,
  redisSettings,
} from '../../web/e2e/support/services.mjs';
import { buildBase, buildImage, imageSizeMb, startContainer, TEST_IMAGE as IMAGE, withEngine } from './docker.mjs';

const STARTUP_TIMEOUT_MS = 90_000;
const BUILD_TIMEOUT_MS = 30 * 60_000;

withEngine('deploy', deploySuite);

function deploySuite() {
  const cleanups = [];
  const admin = { email: 'deploy-admin@mazad.test', password: randomBytes(12).toString('base64url') };
  let baseUrl;
  let container;
  let data;

  /** JSON call to the container; fails the test with the body on an unexpected status. */
  async function call(method, path, { body, token, expect = 200 } = {}) {
    const headers = { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body && JSON.stringify(body) });
    const text = await res.text();
    assert.equal(res.status, expect, `${method} ${path}: ${text.slice(0, 500)}`);
    return JSON.parse(text);
  }

  before(
    async () => {
      let started = Date.now();
      const base = await buildBase();
      console.log(`deploy: base image ${base} in ${Math.round((Date.now() - started) / 1000)} s`);
      started = Date.now();
      await buildImage(base, IMAGE);
      console.log(
        `deploy: ${IMAGE} built in ${Math.round((Date.now() - started) / 1000)} s, ${await imageSizeMb(IMAGE)} MB`,
      );

      const redis = redisSettings('mazad_deploy');
      await checkRedis(redis.url);
      const database = await createDatabase('mazad_deploy');
      cleanups.push(() => dropDatabase(database.name));
      cleanups.push(() => clearRedis(redis.url, redis.prefix));
      // The container's user (uid 1000) writes the mail here; the suite reads the codes.
      const outbox = mkdtempSync(join(tmpdir(), 'mazad-deploy-outbox-'));
      chmodSync(outbox, 0o777);
      cleanups.push(() => rmSync(outbox, { recursive: true, force: true }));

      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      container = await startContainer({
        image: IMAGE,
        name: `mazad-deploy-${randomBytes(4).toString('hex')}`,
        env: {
          PORT: String(port),
          DATABASE_URL: database.url,
          REDIS_URL: redis.url,
          REDIS_PREFIX: redis.prefix,
          JWT_SECRET: randomBytes(48).toString('base64url'),
          PUBLIC_ORIGIN: baseUrl,
          WEB_ORIGINS: baseUrl,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          ADMIN_PANEL_PASSWORD: randomBytes(12).toString('base64url'),
        },
        volumes: [`${outbox}:/data/outbox`],
      });
      cleanups.push(() => container.remove());
      console.log(`deploy: container ${container.name} on ${baseUrl}, database ${database.name}`);
      await waitUntilHealthy();
      data = createDataFactory({ baseUrl, databaseUrl: database.url });
      cleanups.push(() => data.close());
      data.outbox = outbox;
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`deploy: clean-up failed: ${error.message}`);
      }
    }
  });

  /** Polls /api/health until it answers 200; fails early, with the logs, if the container stops. */
  async function waitUntilHealthy() {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      if (!(await container.running())) assert.fail(`the container stopped:\n${await container.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    assert.fail(`not healthy within ${STARTUP_TIMEOUT_MS / 1000} s:\n${await container.logs()}`);
  }

  test('the API is healthy: PostgreSQL and Redis answer', async () => {
    const health = await call('GET', '/api/health');
    assert.equal(health.status, 'ok');
    assert.equal(health.postgres.status, 'up');
    assert.equal(health.redis.status, 'up');
  });

  for (const path of ['/', '/admin/']) {
    test(`${path} serves the built front end (HTML)`, async () => {
      const res = await fetch(`${baseUrl}${path}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await res.text(), /<div id="root">/);
    });
  }

  test('a member registers, verifies by the e-mailed code and bids on an auction', async () => {
    // The seller is the first administrator the production settings create.
    const seller = await call('POST', '/api/auth/login', { body: { email: admin.email, password: admin.password } });
    const auction = await data.createAuction(seller, { startingPrice: 10 });

    const email = `deploy.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'secret123';
    const challenge = await call('GET', '/api/auth/challenge');
    await call('POST', '/api/auth/register', {
      expect: 201,
      body: {
        name: 'عضو النشر',
        email,
        phone: '+962 79 555 0101',
        location: 'عمّان',
        password,
        challengeId: challenge.challengeId,
        challengeAnswer: solve(challenge.question),
      },
    });
    const unverified = await call('POST', '/api/auth/login', { body: { email, password } });
    assert.equal(unverified.requiresVerification, true);
    await call('POST', '/api/otp/send-email-otp', { body: { identifier: email } });
    const otp = await waitForCode(data.outbox, email);
    const member = await call('POST', '/api/otp/verify-otp', { body: { identifier: email, otp, type: 'email' } });

    await call('POST', `/api/auctions/${auction.id}/bid`, { token: member.token, body: { amount: 15 } });
    const after = await call('GET', `/api/auctions/${auction.id}`);
    assert.equal(after.currentPrice, 15);
    assert.equal(after.bidCount, 1);
  });

  test('the server runs as a non-root user', async () => {
    assert.notEqual(await container.inspect('{{.Config.User}}'), '');
    assert.notEqual(await container.exec('id', '-u'), '0');
    // The server process itself (PID 1 is node: the image has no shell wrapper).
    assert.notEqual(await container.exec('stat', '-c', '%u', '/proc/1'), '0');
  });
}

/** Answers a registration challenge such as `7 + 5`, `25 - 9` or `3 × 4`. */
function solve(question) {
  const [, a, op, b] = /^(\d+) ([+\-×]) (\d+)$/.exec(question) ?? assert.fail(`challenge: ${question}`);
  return op === '+' ? Number(a) + Number(b) : op === '-' ? Number(a) - Number(b) : Number(a) * Number(b);
}
