/**
 * `npm test -- scan` (scripts/test.mjs, suite "scan"): real, maintained scanners against a
 * freshly started product with a signed-in member (product.mjs).
 *
 * - sqlmap on every public and member call of the OpenAPI document (calls.mjs, sqlmap.mjs): one
 *   test per call, failing when sqlmap confirms an injection point;
 * - wapiti over the site with every route and GET call as start points (wapiti.mjs): fails on
 *   any finding above informational that is not in its commented allow-list;
 * - the product's own log: fails on any 5xx answered during the scan, whoever caused it.
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
import { sqlmapTargets } from './calls.mjs';
import { startCanary } from './canary.mjs';
import { startProduct } from './product.mjs';
import { readServerLog } from './server-log.mjs';
import { runSqlmap } from './sqlmap.mjs';
import { judge, runWapiti, startPoints } from './wapiti.mjs';

const REPORT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reports');
/** sqlmap processes at once (each with 2 request threads): the machine has 2 cores. */
const SQLMAP_CONCURRENCY = 3;
/** wapiti's own time limit; the run as a whole stays within a few minutes. */
const WAPITI_SECONDS = 150;

rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
const started = Date.now();
const summary = { sqlmap: {} };
const product = await startProduct({
  reportDir: REPORT_DIR,
  port: process.env.SCAN_PORT ? Number(process.env.SCAN_PORT) : undefined,
});
after(async () => {
  summary.seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(REPORT_DIR, 'summary.json'), JSON.stringify(summary, null, 2));
  await product.stop();
  console.log(`scan: reports in ${REPORT_DIR}`);
});
const { doc, targets } = await (async () => {
  const response = await fetch(`${product.url}/api/docs-json`);
  assert.equal(response.status, 200, 'the OpenAPI document (API_DOCS=on)');
  const openApi = await response.json();
  const calls = await sqlmapTargets(openApi, product);
  summary.targets = calls.targets.map(({ name, url, data }) => ({ name, url, data }));
  summary.skipped = calls.skipped;
  return { doc: openApi, targets: calls.targets };
})().catch(async (error) => {
  await product.stop(); // the after() hook does not run when the module itself throws
  throw error;
});

describe(
  'sqlmap (level 2, risk 1, BEUST, PostgreSQL) on the public and member calls',
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
    for (const target of targets) {
      it(`${target.name}${target.member ? ' (member)' : ''}: no injection`, async () => {
        const result = await runSqlmap(target, REPORT_DIR);
        summary.sqlmap[target.name] = result.findings;
        assert.equal(result.exitCode, 0, `sqlmap failed; see ${join(result.outDir, 'sqlmap.txt')}`);
        for (const point of result.findings.refuted)
          console.log(
            `sqlmap: ${target.name} ${point.place} ${point.parameter}: suspected, then refuted by sqlmap itself`,
          );
        assert.deepEqual(result.findings.injections, [], `sqlmap found an injection; see ${result.outDir}`);
      });
    }
  },
);

describe('wapiti over the site', () => {
  it('every web route, the console and the GET calls: nothing above informational but the accepted', async () => {
    const starts = startPoints(product, targets, doc);
    const run = await runWapiti({
      url: product.url,
      token: product.member.token,
      starts,
      reportDir: REPORT_DIR,
      maxSeconds: WAPITI_SECONDS,
    });
    assert.equal(run.exitCode, 0, `wapiti failed; see ${join(run.dir, 'wapiti.txt')}`);
    const verdict = judge(JSON.parse(readFileSync(run.reportFile, 'utf8')));
    summary.wapiti = { starts: starts.length, ...verdict };
    for (const f of verdict.accepted)
      console.log(`wapiti: accepted ${f.category} on ${f.path}: ${f.info} (${f.reason})`);
    assert.deepEqual(
      verdict.failing.map((f) => `${f.category} ${f.method} ${f.path} ${f.parameter ?? ''}: ${f.info}`),
      [],
      `see ${run.reportFile}`,
    );
  });
});

describe('the product during the scan', () => {
  // A call that ended the scanning session would leave every member call after it answered
  // 401 before its parameters are read: the scan would pass without having scanned them.
  it("kept the scanning member's session to the end", async () => {
    const me = await fetch(`${product.url}/api/auth/me`, {
      headers: { authorization: `Bearer ${product.member.token}` },
    });
    assert.equal(me.status, 200, 'the member was signed out during the scan');
  });

  it('answered no request with a 5xx', () => {
    const log = readServerLog(product.logFile, Object.keys(doc.paths));
    summary.server = log;
    assert.ok(log.requests > 0, 'the server log has no requests: is LOG_LEVEL info?');
    console.log(`scan: ${log.requests} requests answered, ${log.serverErrors.length} with a 5xx`);
    assert.deepEqual(log.serverErrors, [], `5xx answers; see ${product.logFile}`);
  });
});
