#!/usr/bin/env node
/**
 * `npm test`: every suite, one after another, with a pass/fail line per suite and a total.
 * Exits non-zero when any suite fails. Suites: builds, lint, npm start's fallbacks (scripts),
 * contracts unit (the shared auction rules), server unit, server integration (real PostgreSQL and Redis), the bench's own tests
 * (load-tests), the chaos run's short mode, web unit, console unit, browser end-to-end, the
 * production image (deploy) and the scanners (sqlmap, wapiti) against a freshly started product.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const report = (dir) => join(dir, 'report.json');
const tapReport = (dir) => join(dir, 'report.tap');

/**
 * Test counts from a suite's report file, so the summary does not parse logs: `jest` (jest's and
 * vitest's --json), `tap` (node:test's tap reporter). A suite without `counts` (builds, checks)
 * counts as one test that passes when its command succeeds.
 */
const readCounts = {
  jest(dir) {
    if (!existsSync(report(dir))) return undefined;
    const r = JSON.parse(readFileSync(report(dir), 'utf8'));
    return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, total: r.numTotalTests ?? 0 };
  },
  tap(dir) {
    if (!existsSync(tapReport(dir))) return undefined;
    const text = readFileSync(tapReport(dir), 'utf8');
    const count = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
    return { passed: count('pass'), failed: count('fail') + count('cancelled'), total: count('tests') };
  },
};

const suites = [
  // admin/dist: the browser journeys drive the console the server serves from it. The web app's
  // type check here too, so a type error fails `build` (the journeys build web/dist themselves),
  // and the server's with its tests (its build compiles src/ only; jest transpiles without types).
  {
    name: 'build',
    cmd: 'npm run build -w contracts && npm run build -w server && npm run typecheck -w server && npm run build -w admin && npm run typecheck -w web',
    counts: null,
  },
  { name: 'lint', cmd: 'npm run lint', counts: null },
  {
    name: 'scripts',
    cmd: (d) =>
      `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${tapReport(d)} scripts/test/*.test.mjs`,
    counts: 'tap',
  },
  {
    // The shared auction rules (contracts/src/rules), pure functions.
    name: 'contracts-unit',
    cmd: (d) => `npx vitest run --reporter=default --reporter=json --outputFile=${report(d)}`,
    cwd: 'contracts',
    counts: 'jest',
  },
  {
    name: 'server-unit',
    cmd: (d) => `npx jest --selectProjects unit --json --outputFile=${report(d)}`,
    cwd: 'server',
    counts: 'jest',
  },
  {
    // The production image (docker/Dockerfile) built on a local Node.js base and started against
    // this machine's PostgreSQL and Redis, alone and as a compose stack scaled by one command
    // (scripts/deploy/; .ci/run starts the Docker engine). Without an engine it fails, saying so.
    // In the background, from the server's integration suite on (collected before the journeys);
    // its builds run under `nice`, so the foreground suites come first.
    name: 'deploy',
    background: true,
    cmd: (d) =>
      `node --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${tapReport(d)} scripts/deploy/*.test.mjs`,
    counts: 'tap',
  },
  {
    name: 'server-integration',
    // Two workers, each with a database of its own (server/test/setup/worker-database.ts): in
    // band, one process waited on PostgreSQL, Redis and its own timers with a core idle.
    cmd: (d) => `npx jest --selectProjects integration --maxWorkers=2 --forceExit --json --outputFile=${report(d)}`,
    cwd: 'server',
    counts: 'jest',
  },
  {
    // The bench's own parts: the lean watcher's framing and the reference server (fresh database).
    name: 'load-tests',
    cmd: (d) =>
      `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${tapReport(d)} test/*.test.mjs`,
    cwd: 'load-tests',
    counts: 'tap',
  },
  {
    // npm run chaos -- --quick: faults (a replica killed, Redis flushed and restarted, PostgreSQL
    // restarted, an end due while its scheduler is dead) on a private deployment of its own.
    name: 'chaos',
    cmd: (d) =>
      `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${tapReport(d)} chaos/quick.test.mjs`,
    cwd: 'load-tests',
    counts: 'tap',
  },
  {
    name: 'web-unit',
    cmd: (d) => `npx vitest run --reporter=default --reporter=json --outputFile=${report(d)}`,
    cwd: 'web',
    counts: 'jest',
  },
  {
    name: 'admin-unit',
    cmd: (d) => `npx vitest run --reporter=default --reporter=json --outputFile=${report(d)}`,
    cwd: 'admin',
    counts: 'jest',
  },
  {
    // Alone: the deploy suite's containers add and remove network interfaces, and Chromium
    // aborts its requests when the machine's network changes (net::ERR_NETWORK_CHANGED).
    name: 'web-e2e',
    alone: true,
    cmd: (d) => `node e2e/run.mjs --report ${report(d)}`,
    cwd: 'web',
    counts: 'jest',
    when: () => existsSync('web/e2e/run.mjs'),
  },
  {
    // sqlmap and wapiti against a freshly started product with a signed-in member and operator, on
    // every documented call (docs/security.md, "Scanners"); reports in scripts/scan/reports/.
    name: 'scan',
    alone: true,
    cmd: (d) =>
      `node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination=${tapReport(d)} scripts/scan/scan.test.mjs`,
    counts: 'tap',
  },
];

/**
 * Runs one suite; resolves with its result line. A background suite writes its output to a file,
 * printed when it is collected, so it does not interleave with the foreground suite's.
 */
async function runSuite(suite) {
  const dir = mkdtempSync(join(tmpdir(), `mazad-${suite.name}-`));
  const cmd = typeof suite.cmd === 'function' ? suite.cmd(dir) : suite.cmd;
  console.log(`\n━━━ ${suite.name}${suite.background ? ' (in the background)' : ''}: ${cmd}`);
  const started = Date.now();
  const log = join(dir, 'output.log');
  const output = suite.background ? ['ignore', openSync(log, 'w'), openSync(log, 'a')] : 'inherit';
  const status = await new Promise((resolve) => {
    const child = spawn(cmd, {
      shell: true,
      stdio: output,
      cwd: suite.cwd ?? process.cwd(),
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (suite.background) console.log(`\n━━━ ${suite.name} (run in the background) said:\n${readFileSync(log, 'utf8')}`);
  let passed = status === 0 ? 1 : 0;
  let failed = status === 0 ? 0 : 1;
  const counts = suite.counts && readCounts[suite.counts](dir);
  if (counts) {
    passed = counts.passed;
    failed = counts.failed + (status !== 0 && !counts.failed ? 1 : 0);
    if (counts.total === 0 && status === 0) failed += 1; // a suite that ran nothing is a failure
  }
  rmSync(dir, { recursive: true, force: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { name: suite.name, passed, failed, ok: status === 0 && failed === 0, seconds };
}

/** Waits for the background suites started so far and records their results. */
async function collectBackground() {
  for (const result of await Promise.all(background.splice(0))) {
    results.push(result);
    printResult(result);
  }
}

const printResult = (r) => console.log(`━━━ ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds}s)`);
const results = [];
const background = [];
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue;
  if (suite.when && !suite.when()) continue;
  if (suite.background) {
    background.push(runSuite(suite));
    continue;
  }
  if (suite.alone) await collectBackground();
  const result = await runSuite(suite);
  results.push(result);
  printResult(result);
}
await collectBackground();

console.log('\nSummary');
for (const r of results)
  console.log(
    `  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed  (${r.seconds}s)`,
  );
const total = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
