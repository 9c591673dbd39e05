#!/usr/bin/env node
/**
 * `npm test`: every suite, one after another, with a pass/fail line per suite and a total.
 * Exits non-zero when any suite fails. Suites: contracts build, server unit, server
 * integration (real PostgreSQL and Redis), web unit, console unit, browser end-to-end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const report = (dir) => join(dir, 'report.json');

/** Each suite writes a JSON report we read counts from, so the summary does not parse logs. */
const suites = [
  { name: 'build', cmd: 'npm run build -w contracts && npm run build -w server', counts: null },
  { name: 'server-unit', cmd: (d) => `npx jest --selectProjects unit --json --outputFile=${report(d)}`, cwd: 'server', counts: 'jest' },
  { name: 'server-integration', cmd: (d) => `npx jest --selectProjects integration --runInBand --forceExit --json --outputFile=${report(d)}`, cwd: 'server', counts: 'jest' },
  { name: 'web-unit', cmd: (d) => `npx vitest run --reporter=default --reporter=json --outputFile=${report(d)}`, cwd: 'web', counts: 'jest' },
  { name: 'admin-unit', cmd: (d) => `npx vitest run --reporter=default --reporter=json --outputFile=${report(d)}`, cwd: 'admin', counts: 'jest' },
  { name: 'web-e2e', cmd: (d) => `node e2e/run.mjs --report ${report(d)}`, cwd: 'web', counts: 'jest', when: () => existsSync('web/e2e/run.mjs') },
];

const results = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  if (suite.when && !suite.when()) continue;
  const dir = mkdtempSync(join(tmpdir(), `mazad-${suite.name}-`));
  const cmd = typeof suite.cmd === 'function' ? suite.cmd(dir) : suite.cmd;
  console.log(`\n━━━ ${suite.name}: ${cmd}`);
  const started = Date.now();
  const run = spawnSync(cmd, { shell: true, stdio: 'inherit', cwd: suite.cwd ?? process.cwd(), env: { ...process.env, FORCE_COLOR: '0' } });
  let passed = run.status === 0 ? 1 : 0;
  let failed = run.status === 0 ? 0 : 1;
  if (suite.counts === 'jest' && existsSync(report(dir))) {
    const r = JSON.parse(readFileSync(report(dir), 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) + (run.status !== 0 && !r.numFailedTests ? 1 : 0);
    if (r.numTotalTests === 0 && run.status === 0) failed += 1; // a suite that ran nothing is a failure
  }
  rmSync(dir, { recursive: true, force: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name: suite.name, passed, failed, ok: run.status === 0 && failed === 0, seconds });
  console.log(`━━━ ${suite.name}: ${passed} passed, ${failed} failed (${seconds}s)`);
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed  (${r.seconds}s)`);
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
