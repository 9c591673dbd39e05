/**
 * `npm test -- scan` (scripts/test.mjs, suite "scan"): real, maintained scanners against a
 * freshly started product with its sessions and records (product.mjs).
 *
 * - the list of calls: every call of the OpenAPI document is scanned or skipped with its
 *   reason; a call the suite cannot make valid fails, saying what to add (calls.mjs);
 * - sqlmap on every call with something to inject, the console's and the multipart uploads
 *   included (calls.mjs, sqlmap.mjs): one test per call, failing when sqlmap confirms an
 *   injection point or gives up before testing every point;
 * - wapiti over the site as the member, and over the console as the operator (wapiti.mjs):
 *   fails on any finding above informational that is not in its commented allow-list;
 * - the product's own log: fails on any 5xx answered during the scan, whoever caused it, and
 *   when a console or upload call was never answered past the door (only 401/403/413/415/429);
 * - the sessions: the member's and the operator's tokens still work after the scan.
 *
 * Reports (sqlmap's folders, wapiti's JSON, the server log, summary.json) are kept in
 * scripts/scan/reports/ (git-ignored), emptied at the start of each run. SCAN_PORT picks the
 * product's port (default: a free one).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { makePng } from '../../web/e2e/support/data.mjs';
import { sqlmapTargets } from './calls.mjs';
import { startCanary } from './canary.mjs';
import { startProduct } from './product.mjs';
import { answersOf, readServerLog } from './server-log.mjs';
import { costOf, levelOf, runSqlmap } from './sqlmap.mjs';
import { judge, runWapiti, startPoints } from './wapiti.mjs';

const REPORT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reports');
/** sqlmap processes at once (each with 2 request threads): the machine has 2 cores. */
const SQLMAP_CONCURRENCY = 3;
/** wapiti's own time limits; the run as a whole stays within a few minutes. */
const WAPITI_SECONDS = { member: 150, operator: 60 };

rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
const started = Date.now();
const summary = { sqlmap: {}, wapiti: {}, seconds: {} };
const product = await startProduct({
  reportDir: REPORT_DIR,
  port: process.env.SCAN_PORT ? Number(process.env.SCAN_PORT) : undefined,
});
after(async () => {
  summary.seconds.total = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(REPORT_DIR, 'summary.json'), JSON.stringify(summary, null, 2));
  await product.stop();
  console.log(`scan: reports in ${REPORT_DIR}`);
});
const { doc, calls } = await (async () => {
  const response = await fetch(`${product.url}/api/docs-json`);
  assert.equal(response.status, 200, 'the OpenAPI document (API_DOCS=on)');
  const openApi = await response.json();
  // The image of every file field: small, real (the server decodes it), a few hundred bytes.
  const found = await sqlmapTargets(openApi, product, await makePng(undefined, 8, 8));
  summary.targets = found.targets.map(({ name, session, url, data }) => ({ name, session, url, data }));
  summary.skipped = found.skipped;
  summary.unresolved = found.unresolved;
  summary.seconds.setUp = Math.round((Date.now() - started) / 1000);
  return { doc: openApi, calls: found };
})().catch(async (error) => {
  await product.stop(); // the after() hook does not run when the module itself throws
  throw error;
});
const { targets } = calls;

/** The product's log, read once after the scanners. */
let serverLog;
const readLog = () => (serverLog ??= readServerLog(product.logFile, Object.keys(doc.paths)));

describe("the scan's list of calls", () => {
  // A new route is scanned without editing the suite; one it cannot make valid fails here,
  // saying what to add, rather than being scanned with a made-up id (every payload a 404).
  it('every call of the OpenAPI document is scanned or skipped with its reason', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const listed = [...targets, ...calls.skipped, ...calls.unresolved].map((c) => c.name);
    assert.deepEqual(listed.toSorted(), documented.toSorted(), 'each call once: scanned, skipped or unresolved');
    assert.deepEqual(
      calls.unresolved.map((c) => `${c.name}: ${c.reason}`),
      [],
      'calls the scan cannot make valid',
    );
    for (const skip of calls.skipped) assert.ok(skip.reason, `${skip.name} is skipped without a reason`);
  });
});

describe(
  'sqlmap (level 2, console and uploads 1; risk 1, BEUST, PostgreSQL) on every call with a parameter',
  { concurrency: SQLMAP_CONCURRENCY },
  () => {
    // Runs beside the calls: proves the plumbing (arguments, markers, verdict) finds an injection.
    it('a deliberately injectable canary call: injection found', async () => {
      const canary = await startCanary();
      try {
        const result = await runSqlmap(canary.target, REPORT_DIR);
        assert.notDeepEqual(result.findings.injections, [], `sqlmap missed the canary; see ${result.outDir}`);
      } finally {
        await canary.stop();
      }
    });
    // Calls others wait for first (calls.mjs SCANNED_AFTER), then the longest first, so the run
    // does not end on one long call while the other slots idle.
    const awaited = new Set(targets.flatMap((t) => t.after));
    const order = targets.toSorted(
      (a, b) => Number(awaited.has(b.name)) - Number(awaited.has(a.name)) || costOf(b) - costOf(a),
    );
    const finished = new Map(order.map((t) => [t.name, Promise.withResolvers()]));
    for (const target of order) {
      it(`${target.name}${target.session ? ` (${target.session})` : ''}: no injection`, async () => {
        await Promise.all(target.after.map((name) => finished.get(name)?.promise));
        const callStarted = Date.now();
        const result = await runSqlmap(target, REPORT_DIR).finally(() => finished.get(target.name).resolve());
        summary.sqlmap[target.name] = {
          ...result.findings,
          level: levelOf(target),
          points: target.points,
          tested: result.tested,
          seconds: Math.round((Date.now() - callStarted) / 1000),
        };
        assert.equal(result.exitCode, 0, `sqlmap failed; see ${join(result.outDir, 'sqlmap.txt')}`);
        for (const point of result.findings.refuted)
          console.log(
            `sqlmap: ${target.name} ${point.place} ${point.parameter}: suspected, then refuted by sqlmap itself`,
          );
        assert.deepEqual(result.findings.injections, [], `sqlmap found an injection; see ${result.outDir}`);
        assert.ok(
          result.tested >= target.points,
          `sqlmap tested ${result.tested} of ${target.points} injection points, then gave up; see ${join(result.outDir, 'sqlmap.txt')}`,
        );
      });
    }
  },
);

describe('wapiti', () => {
  /** One wapiti run with a session's token; fails on what is above informational and not accepted. */
  async function wapitiRun(name, token, starts, maxSeconds) {
    const runStarted = Date.now();
    const run = await runWapiti({ name, url: product.url, token, starts, reportDir: REPORT_DIR, maxSeconds });
    assert.equal(run.exitCode, 0, `wapiti failed; see ${join(run.dir, 'wapiti.txt')}`);
    const verdict = judge(JSON.parse(readFileSync(run.reportFile, 'utf8')));
    summary.wapiti[name] = { starts: starts.length, seconds: Math.round((Date.now() - runStarted) / 1000), ...verdict };
    for (const f of verdict.accepted)
      console.log(`${name}: accepted ${f.category} on ${f.path}: ${f.info} (${f.reason})`);
    assert.deepEqual(
      verdict.failing.map((f) => `${f.category} ${f.method} ${f.path} ${f.parameter ?? ''}: ${f.info}`),
      [],
      `see ${run.reportFile}`,
    );
  }

  it('over the site as the member (every web route, the GET calls): nothing above informational but the accepted', () =>
    wapitiRun(
      'wapiti',
      product.member.token,
      startPoints(product, targets, doc, { operator: false }),
      WAPITI_SECONDS.member,
    ));

  it('over the console as the operator (its page, its GET calls): nothing above informational but the accepted', () =>
    wapitiRun(
      'wapiti-console',
      product.admin.token,
      startPoints(product, targets, doc, { operator: true }),
      WAPITI_SECONDS.operator,
    ));
});

describe('the product during the scan', () => {
  // A call that ended a scanning session would leave every call after it answered 401 (or 403
  // ADMIN_ONLY) before its parameters are read: the scan would pass without having scanned them.
  it("kept the scanning member's session to the end", async () => {
    const me = await fetch(`${product.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${product.member.token}` },
    });
    assert.equal(me.status, 200, 'the member was signed out during the scan');
  });

  it("kept the operator's console session to the end", async () => {
    const stats = await fetch(`${product.url}/api/admin/stats`, {
      headers: { authorization: `Bearer ${product.admin.token}` },
    });
    assert.equal(stats.status, 200, 'the operator lost the console session during the scan');
  });

  // A console call answered only 401/403 was refused before its parameters were read; an
  // upload answered only 413/415/429 never had its form read. Either way sqlmap proved nothing.
  it('answered every console call and every upload past the door', () => {
    const log = readLog();
    const refused = [];
    for (const target of targets.filter((t) => t.console || t.upload)) {
      const statuses = log.byCall[target.name];
      const answers = answersOf(statuses);
      if (target.upload)
        console.log(
          `scan: ${target.name}: ${answers.accepted} accepted, ${answers.read} refused after reading, ${answers.door} at the door`,
        );
      if (!answers.accepted || (target.upload && answers.door))
        refused.push(`${target.name}: ${JSON.stringify(statuses ?? {})}`);
    }
    assert.deepEqual(refused, [], `calls never answered 2xx (uploads: or refused at the door); see ${product.logFile}`);
  });

  it('answered no request with a 5xx', () => {
    const log = readLog();
    summary.server = log;
    assert.ok(log.requests > 0, 'the server log has no requests: is LOG_LEVEL info?');
    console.log(`scan: ${log.requests} requests answered, ${log.serverErrors.length} with a 5xx`);
    assert.deepEqual(log.serverErrors, [], `5xx answers; see ${product.logFile}`);
  });
});
