#!/usr/bin/env node
/**
 * Browser end-to-end tests of the web app against the real server.
 *
 *   node e2e/run.mjs [--report <file.json>] [--only <text>[,<text>…]]
 *
 * Creates a fresh PostgreSQL database and a unique Redis prefix, builds web/dist when it is
 * missing or stale, starts server/dist/main.js on a free port (serving web/dist), makes the
 * test data, runs every journey of e2e/journeys/ in Chromium (playwright-core with the
 * system's /usr/bin/chromium), saves screenshots to e2e/artifacts/, then stops the server,
 * drops the database and clears the Redis keys, also when something fails or the run is
 * interrupted. Exits non-zero when a journey fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, openPage } from './support/browser.mjs';
import { ensureBuilt } from './support/build.mjs';
import { createDataFactory } from './support/data.mjs';
import { ADMIN_DIST, ARTIFACTS_DIR, E2E_DIR, WEB_DIST } from './support/paths.mjs';
import { runTests, writeReport } from './support/runner.mjs';
import { startServer } from './support/server.mjs';
import { checkRedis, clearRedis, createDatabase, dropDatabase, redisSettings } from './support/services.mjs';

function parseArgs(argv) {
  const options = { report: null, only: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--report') options.report = argv[++i];
    else if (argv[i] === '--only') options.only = argv[++i];
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const startTime = Date.now();
const log = (...args) => console.log(...args);
const elapsed = () => `${((Date.now() - startTime) / 1000).toFixed(1)}s`;

/** Clean-up steps, run last-in first-out, each at most once, whatever happened. */
const cleanups = [];
let cleaning = null;
function cleanupAll() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const { name, fn } = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`clean-up "${name}" failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (cleaning) return; // already cleaning up: let it finish
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

async function loadJourneys() {
  const dir = join(E2E_DIR, 'journeys');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const journeys = [];
  for (const file of files) {
    const module = await import(pathToFileURL(join(dir, file)).href);
    journeys.push({ id: file.replace(/\.mjs$/, ''), ...module.default });
  }
  if (!options.only) return journeys;
  const wanted = options.only.split(',').map((text) => text.trim());
  return journeys.filter((j) => wanted.some((text) => j.id.includes(text) || j.name.includes(text)));
}

async function main() {
  let results = [];
  try {
    log(`e2e: preparing (${elapsed()})`);
    ensureBuilt(log);

    const redis = redisSettings();
    await checkRedis(redis.url);

    const database = await createDatabase();
    cleanups.push({ name: 'drop database', fn: () => dropDatabase(database.name) });
    cleanups.push({ name: 'clear redis keys', fn: () => clearRedis(redis.url, redis.prefix) });
    log(`e2e: database ${database.name}, redis prefix ${redis.prefix}`);

    const temp = mkdtempSync(join(tmpdir(), 'mazad-e2e-'));
    cleanups.push({ name: 'remove temp folder', fn: () => rmSync(temp, { recursive: true, force: true }) });
    const outboxDir = join(temp, 'outbox');
    const uploadDir = join(temp, 'uploads');
    mkdirSync(outboxDir, { recursive: true });
    mkdirSync(uploadDir, { recursive: true });
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    // Failure screenshots of an earlier run would mislead.
    for (const file of readdirSync(ARTIFACTS_DIR))
      if (file.startsWith('failed-')) rmSync(join(ARTIFACTS_DIR, file), { force: true });

    // The console's administrator (created at start-up from these variables; journey k signs in with them).
    const admin = {
      email: 'admin@e2e.mazad.test',
      password: randomBytes(9).toString('hex'),
      panelPassword: randomBytes(9).toString('hex'),
    };
    const serverEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: WEB_DIST,
      ADMIN_DIST_DIR: ADMIN_DIST,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_PANEL_PASSWORD: admin.panelPassword,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'on',
      AUCTION_DURATIONS: '1h,24h,72h,7d,30d,2m,20s',
      // Short enough for a journey to watch a sold auction reach the archive (i-after-sale).
      ARCHIVE_SOLD_AFTER: '45s',
      MAIL_OUTBOX_DIR: outboxDir,
      UPLOAD_DIR: uploadDir,
      LOG_LEVEL: 'warn',
    };
    let server = await startServer(serverEnv);
    // Registered after the database and Redis clean-ups, so it runs before them (the server of
    // the moment: a journey may have restarted it).
    cleanups.push({ name: 'stop server', fn: () => server.stop() });
    log(`e2e: server on ${server.url} (pid ${server.pid}) (${elapsed()})`);

    const data = createDataFactory({ baseUrl: server.url, databaseUrl: database.url });
    cleanups.push({ name: 'close database pool', fn: () => data.close() });

    const browser = await launchBrowser();
    cleanups.push({ name: 'close browser', fn: () => browser.close() });

    const journeys = await loadJourneys();
    log(`e2e: ${journeys.length} journeys (${elapsed()})\n`);

    results = await runTests(
      journeys,
      async (journey) => {
        const pages = [];
        return {
          baseUrl: server.url,
          admin,
          browser,
          data,
          outboxDir,
          /** Where the server stores uploads: a journey may remove a file, as an operator's removal does. */
          uploadDir,
          /** Stops the server (gracefully) and starts it again on the same port, same database and Redis. */
          async restartServer() {
            await server.stop();
            server = await startServer(serverEnv, { port: server.port });
          },
          /** A new browser context + page, watched and closed after the journey. */
          async open(opts = {}) {
            const handle = await openPage(browser, server.url, { label: `${journey.id}#${pages.length + 1}`, ...opts });
            pages.push(handle);
            return handle;
          },
          async dispose(error) {
            if (error) {
              for (const [i, handle] of pages.entries()) {
                await handle.screenshot(`failed-${journey.id}-${i + 1}`).catch(() => {});
              }
            }
            const errors = pages.flatMap((p) => p.errors);
            await Promise.all(pages.map((p) => p.close().catch(() => {})));
            if (!error && errors.length)
              throw new Error(`console errors or uncaught exceptions:\n${errors.join('\n')}`);
          },
        };
      },
      log,
    );
  } catch (error) {
    console.error(`\ne2e: setup failed: ${error.stack ?? error.message}`);
    results.push({
      name: 'setup',
      status: 'failed',
      duration: Date.now() - startTime,
      error: error.stack ?? error.message,
    });
  } finally {
    await cleanupAll();
  }

  const report = writeReport(options.report, results, { startTime });
  log(
    `\ne2e: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numTotalTests} total (${elapsed()})`,
  );
  log(`e2e: screenshots in ${ARTIFACTS_DIR}`);
  process.exit(report.success ? 0 : 1);
}

void main();
