#!/usr/bin/env node
/**
 * `npm run audit:web`: Lighthouse (mobile, default simulated throttling, Debian Chromium) on
 * the production build of the web app, served by the real server, and a table of the scores.
 *
 *   npm run audit:web [-- --url http://127.0.0.1:3000 [--member email:password]]
 *                     [--pages /,/auctions] [--runs 1] [--json file.json] [--no-build]
 *
 * Without --url it starts the product itself, the way the browser journeys do: builds what is
 * missing or stale (web/dist, server/dist), creates a fresh PostgreSQL database and Redis
 * prefix, runs server/dist/main.js on a free port with the demo data seeded, and removes all
 * of it afterwards. With --url it audits a server that is already running (e.g. `npm start`).
 *
 * Pages: /, /auctions, /auction/{id} (the first auction of GET /api/auctions), the content
 * pages, the public profile of that auction's seller (/profile/{seller}), and the member's
 * screens (/create-auction, /edit-auction/{own}, /profile, /messages, /archive), audited signed
 * in: a member made for the audit (with an auction of their own to edit), or with --url the
 * member given by --member (no {own} auction then). With --runs N each page is audited N times
 * and the median performance run is kept (Lighthouse's own advice for noisy machines). Exits 0
 * whatever the scores: these are figures to record (docs/performance-log.md), not a timed test.
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
  '/profile/{seller}',
  '/create-auction',
  '/edit-auction/{own}',
  '/profile',
  '/messages',
  '/archive',
];
/** Screens for a signed-in member: audited with a member's session in the browser's storage. */
const MEMBER_PAGES = new Set(['/create-auction', '/edit-auction/{own}', '/profile', '/messages', '/archive']);

function parseArgs(argv) {
  const options = { url: null, member: null, pages: DEFAULT_PAGES, runs: 1, json: null, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--url') options.url = argv[++i].replace(/\/+$/, '');
    else if (arg === '--member') options.member = argv[++i];
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
  return { baseUrl: server.url, databaseUrl: database.url };
}

/** The first auction of GET /api/auctions: its id ({id}) and its seller's ({seller}). */
async function firstAuction(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auctions?limit=1`);
  const auction = (await response.json())?.auctions?.[0];
  if (!auction?._id) throw new Error('no auction to audit: GET /api/auctions answered none (is the demo seeded?)');
  return { id: auction._id, seller: auction.seller?._id ?? '' };
}

/**
 * The member whose session the member screens are audited with: { storage, own }. Made for the
 * audit, with an auction of their own that can still be edited ({own}), when the script started
 * the product; else the --member account, signed in through the API (no {own}).
 */
async function memberSession(baseUrl, databaseUrl) {
  if (databaseUrl) {
    const { createDataFactory } = await import(join(ROOT, 'web', 'e2e', 'support', 'data.mjs'));
    const data = createDataFactory({ baseUrl, databaseUrl });
    try {
      const member = await data.createMember({ name: 'عضو التدقيق' });
      const auction = await data.createAuction(member, { title: 'مزاد للتعديل', startingPrice: 25 });
      return { storage: { token: member.token, user: member.user }, own: auction._id };
    } finally {
      await data.close();
    }
  }
  if (!options.member) return undefined;
  const separator = options.member.indexOf(':');
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: options.member.slice(0, separator), password: options.member.slice(separator + 1) }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`--member: login answered ${response.status} ${body?.message ?? ''}`);
  return { storage: { token: body.token, user: body.user }, own: '' };
}

const LIGHTHOUSE_DIR = dirname(createRequire(join(ROOT, 'package.json')).resolve('lighthouse/package.json'));

/**
 * One Lighthouse run through its CLI. Without `port` it launches and closes its own Chromium;
 * with one it audits the Chromium listening there, keeping its storage (a member's session).
 */
function lighthouse(url, outputPath, port) {
  const args = [
    join(LIGHTHOUSE_DIR, 'cli', 'index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    ...(port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROME_FLAGS}`]),
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

/**
 * One Lighthouse run signed in: a fresh Chromium (its own empty profile: a cold cache, as for a
 * visitor) launched with Lighthouse's own launcher, the member's session put in its
 * localStorage from a page that loads none of the app's files, then audited through its port.
 */
async function lighthouseSignedIn(url, outputPath, storage) {
  const { launch } = await import(createRequire(join(LIGHTHOUSE_DIR, 'package.json')).resolve('chrome-launcher'));
  const { chromium } = await import('playwright-core');
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS.split(' ') });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, storage);
    await page.close();
    await browser.close(); // disconnects; the browser and its storage stay for Lighthouse
    return await lighthouse(url, outputPath, chrome.port);
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try twice more. */
async function lighthouseWithRetry(url, outputPath, storage, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (storage ? lighthouseSignedIn(url, outputPath, storage) : lighthouse(url, outputPath));
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
  const { baseUrl, databaseUrl } = options.url ? { baseUrl: options.url } : await startProduct();
  const auction = await firstAuction(baseUrl);
  const session = options.pages.some((p) => MEMBER_PAGES.has(p))
    ? await memberSession(baseUrl, databaseUrl)
    : undefined;
  const outDir = mkdtempSync(join(tmpdir(), 'mazad-lighthouse-'));
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));

  const rows = [];
  for (const template of options.pages) {
    const member = MEMBER_PAGES.has(template);
    if (member && !session) {
      log(`${template} skipped: a member's screen (give --member email:password with --url)`);
      continue;
    }
    if (template.includes('{own}') && !session.own) {
      log(`${template} skipped: no auction of the member's own to edit (only when the script starts the product)`);
      continue;
    }
    const path = template
      .replace('{id}', auction.id)
      .replace('{seller}', auction.seller)
      .replace('{own}', session?.own);
    const runs = [];
    for (let run = 0; run < options.runs; run += 1) {
      log(`lighthouse ${path}${options.runs > 1 ? ` (run ${run + 1}/${options.runs})` : ''}`);
      const output = join(outDir, `${rows.length}-${run}.json`);
      const report = await lighthouseWithRetry(`${baseUrl}${path}`, output, member ? session.storage : null);
      // A screen that sent the browser elsewhere (the login page: no session) is not the screen.
      const shown = new URL(report.finalDisplayedUrl).pathname;
      if (shown !== path) throw new Error(`${path} ended on ${shown}: not the screen asked for`);
      runs.push(summarise(template, report));
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
