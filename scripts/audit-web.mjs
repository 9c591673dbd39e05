#!/usr/bin/env node
/**
 * `npm run audit:web`: Lighthouse (mobile, default simulated throttling, Debian Chromium) on
 * the production build of the web app, served by the real server, and a table of the scores.
 *
 *   npm run audit:web [-- --url http://127.0.0.1:3000] [--pages /,/auctions] [--runs 1]
 *                     [--json file.json] [--no-build]
 *
 * Without --url it starts the product itself, the way the browser journeys do: builds what is
 * missing or stale (web/dist, server/dist), creates a fresh PostgreSQL database and Redis
 * prefix, runs server/dist/main.js on a free port with the demo data seeded, and removes all
 * of it afterwards. With --url it audits a server that is already running (e.g. `npm start`).
 *
 * Pages: /, /auctions, /auction/{id} (the first auction of GET /api/auctions) and the content
 * pages. With --runs N each page is audited N times and the median performance run is kept
 * (Lighthouse's own advice for noisy machines). Exits 0 whatever the scores: these are figures
 * to record (docs/performance.md), not a timed test.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-dev-shm-usage';
const DEFAULT_PAGES = [
  '/',
  '/auctions',
  '/auction/{id}',
  '/announcement-details',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
];

function parseArgs(argv) {
  const options = { url: null, pages: DEFAULT_PAGES, runs: 1, json: null, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--url') options.url = argv[++i].replace(/\/+$/, '');
    else if (arg === '--pages') options.pages = argv[++i].split(',').filter(Boolean);
    else if (arg === '--runs') options.runs = Math.max(1, Number(argv[++i]) || 1);
    else if (arg === '--json') options.json = resolve(argv[++i]);
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--help' || arg === '-h') {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
      process.exit(0);
    }
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const log = (message) => console.log(`[audit:web] ${message}`);

/** Clean-up steps, last in first out, whatever happens. */
const cleanups = [];
async function cleanupAll() {
  while (cleanups.length) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error(`[audit:web] clean-up failed: ${error.message}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanupAll().finally(() => process.exit(130)));
}

/** The product on a free port with its own database and Redis prefix (demo data seeded). */
async function startProduct() {
  const support = join(ROOT, 'web', 'e2e', 'support');
  const { ensureBuilt } = await import(join(support, 'build.mjs'));
  const { startServer } = await import(join(support, 'server.mjs'));
  const { checkRedis, clearRedis, createDatabase, dropDatabase, redisSettings } = await import(
    join(support, 'services.mjs')
  );
  const { ADMIN_DIST, WEB_DIST } = await import(join(support, 'paths.mjs'));

  if (options.build) ensureBuilt((line) => log(line));
  const redis = redisSettings();
  await checkRedis(redis.url);
  const database = await createDatabase();
  cleanups.push(() => dropDatabase(database.name));
  cleanups.push(() => clearRedis(redis.url, redis.prefix));
  const temp = mkdtempSync(join(tmpdir(), 'mazad-audit-'));
  cleanups.push(() => rmSync(temp, { recursive: true, force: true }));

  const server = await startServer({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: WEB_DIST,
    ADMIN_DIST_DIR: ADMIN_DIST,
    SEED_DEMO: 'true',
    DEMO_PASSWORD: randomBytes(9).toString('base64url'),
    ADMIN_EMAIL: 'audit-admin@example.com',
    ADMIN_PASSWORD: randomBytes(9).toString('base64url'),
    ADMIN_PANEL_PASSWORD: randomBytes(9).toString('base64url'),
    MAIL_OUTBOX_DIR: join(temp, 'outbox'),
    UPLOAD_DIR: join(temp, 'uploads'),
    LOG_LEVEL: 'warn',
  });
  cleanups.push(() => server.stop());
  log(`server on ${server.url} (database ${database.name})`);
  return server.url;
}

async function firstAuctionId(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auctions?limit=1`);
  const body = await response.json();
  const id = body?.auctions?.[0]?._id;
  if (!id) throw new Error('no auction to audit: GET /api/auctions answered none (is the demo seeded?)');
  return id;
}

/** One Lighthouse run through its CLI (it launches and closes its own Chromium). */
function lighthouse(url, outputPath) {
  const require = createRequire(join(ROOT, 'package.json'));
  const cli = join(dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--form-factor=mobile',
    '--throttling-method=simulate',
  ];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('exit', (code) => {
      if (code === 0 && existsSync(outputPath)) resolvePromise(JSON.parse(readFileSync(outputPath, 'utf8')));
      else reject(new Error(`lighthouse ${url} exited ${code}:\n${stderr}`));
    });
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try twice more. */
async function lighthouseWithRetry(url, outputPath, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(url, outputPath);
    } catch (error) {
      if (attempt >= attempts) throw error;
      log(`  run failed (${error.message.split('\n').find((l) => l.includes('(')) ?? 'error'}), again`);
    }
  }
}

function summarise(path, report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    transferKiB: Math.round(audit('total-byte-weight') / 1024),
    // Lighthouse's CPU benchmark of this machine at the time (a loaded machine scores low and
    // inflates blocking time: compare runs with similar figures).
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    failedA11y: Object.values(report.audits)
      .filter(
        (a) => report.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0,
      )
      .map((a) => a.id),
    failedBestPractices: Object.values(report.audits)
      .filter(
        (a) =>
          report.categories['best-practices']?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0,
      )
      .map((a) => a.id),
  };
}

function printTable(rows) {
  const head = ['page', 'perf', 'a11y', 'bp', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'KiB', 'cpu'];
  const lines = rows.map((r) =>
    [
      r.path,
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      r.fcpMs,
      r.lcpMs,
      r.tbtMs,
      r.cls,
      r.transferKiB,
      r.benchmarkIndex,
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(fmt(line));
  console.log('(cpu: Lighthouse benchmarkIndex of this machine during the run; blocking time grows when it is low)');
  for (const row of rows) {
    if (row.failedA11y.length) console.log(`  ${row.path}: accessibility audits failed: ${row.failedA11y.join(', ')}`);
    if (row.failedBestPractices.length)
      console.log(`  ${row.path}: best-practices audits failed: ${row.failedBestPractices.join(', ')}`);
  }
}

async function main() {
  if (!existsSync(CHROME_PATH))
    throw new Error(`Chromium is missing at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  const baseUrl = options.url ?? (await startProduct());
  const id = options.pages.some((p) => p.includes('{id}')) ? await firstAuctionId(baseUrl) : '';
  const outDir = mkdtempSync(join(tmpdir(), 'mazad-lighthouse-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));

  const rows = [];
  for (const template of options.pages) {
    const path = template.replace('{id}', id);
    const runs = [];
    for (let run = 0; run < options.runs; run += 1) {
      log(`lighthouse ${path}${options.runs > 1 ? ` (run ${run + 1}/${options.runs})` : ''}`);
      runs.push(
        summarise(template, await lighthouseWithRetry(`${baseUrl}${path}`, join(outDir, `${rows.length}-${run}.json`))),
      );
    }
    runs.sort((a, b) => a.performance - b.performance);
    rows.push(runs[Math.floor(runs.length / 2)]);
  }

  printTable(rows);
  if (options.json) {
    mkdirSync(dirname(options.json), { recursive: true });
    writeFileSync(
      options.json,
      JSON.stringify({ startedAt: new Date().toISOString(), baseUrl, runs: options.runs, pages: rows }, null, 2),
    );
    log(`figures written to ${options.json}`);
  }
}

main()
  .catch((error) => {
    console.error(`[audit:web] ${error.stack ?? error.message}`);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
