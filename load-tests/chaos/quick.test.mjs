/**
 * `npm run chaos -- --quick` as a suite of `npm test` (scripts/test.mjs, suite "chaos"): every
 * fault once, on the private deployment of chaos.mjs, one test per scenario that passes when
 * all of its checks hold (lost, duplicated, left open: 0; see checks.mjs).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SCENARIOS, runChaos, summaryLine } from './chaos.mjs';

describe('chaos --quick', () => {
  let report;
  before(async () => {
    report = await runChaos({ quick: true, portBase: Number(process.env.CHAOS_PORT_BASE ?? 3500) });
  });

  for (const { name, about } of SCENARIOS) {
    it(`${name}: ${about}`, () => {
      const scenario = report.scenarios.find((s) => s.name === name);
      assert.ok(scenario, `${name} did not run`);
      const failed = Object.entries(scenario.checks).filter(([, check]) => !check.ok);
      assert.deepEqual(failed, [], summaryLine(scenario));
      assert.equal(scenario.lost + scenario.duplicated + scenario.leftOpen, 0);
    });
  }
});
