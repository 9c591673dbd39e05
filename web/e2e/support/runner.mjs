/**
 * A minimal test runner: journeys run one after another, each with a time limit; each
 * result is printed as it ends; the report has the jest-style counts scripts/test.mjs reads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `tests` ([{ name, timeoutMs, run(ctx) }]) with `makeContext(test)` → a context whose
 * `dispose(failed)` is always awaited. Returns the results.
 */
export async function runTests(tests, makeContext, log = console.log) {
  const results = [];
  for (const test of tests) {
    const started = Date.now();
    let ctx;
    let error = null;
    try {
      ctx = await makeContext(test);
      await withTimeout(
        Promise.resolve().then(() => test.run(ctx)),
        test.timeoutMs ?? 90_000,
        test.name,
      );
    } catch (caught) {
      error = caught instanceof Error ? caught : new Error(String(caught));
    }
    try {
      await ctx?.dispose(error);
    } catch (caught) {
      error ??= caught instanceof Error ? caught : new Error(String(caught));
    }
    const duration = Date.now() - started;
    results.push({
      name: test.name,
      status: error ? 'failed' : 'passed',
      duration,
      error: error ? (error.stack ?? error.message) : null,
    });
    const seconds = (duration / 1000).toFixed(1);
    if (error) {
      log(`  ✗ ${test.name} (${seconds}s)`);
      log(
        `    ${String(error.stack ?? error.message)
          .split('\n')
          .slice(0, 12)
          .join('\n    ')}`,
      );
    } else {
      log(`  ✓ ${test.name} (${seconds}s)`);
    }
  }
  return results;
}

/** Jest-like JSON: numPassedTests, numFailedTests, numTotalTests and every test's result. */
export function writeReport(path, results, extra = {}) {
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.length - passed;
  const report = {
    success: failed === 0 && results.length > 0,
    numTotalTests: results.length,
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    startTime: extra.startTime ?? Date.now(),
    testResults: [
      {
        name: 'web/e2e',
        status: failed === 0 ? 'passed' : 'failed',
        assertionResults: results.map((r) => ({
          title: r.name,
          fullName: r.name,
          status: r.status,
          duration: r.duration,
          failureMessages: r.error ? [r.error] : [],
        })),
      },
    ],
    ...extra,
  };
  if (path) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify(report, null, 2));
  }
  return report;
}
