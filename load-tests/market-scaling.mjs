#!/usr/bin/env node
/**
 * Scaling on paper (docs/performance.md): the market scenario on 1, 2 and 3 instances, one bench
 * run each, then their figures side by side.
 *
 *   node load-tests/market-scaling.mjs                       product, 1, 2 and 3 instances
 *   node load-tests/market-scaling.mjs --instances 1,2 -- --market-rate 1000 --port-base 4600
 *
 * Each run is `node load-tests/bench.mjs --target product --scenarios market --instances N
 * --out <dir>/market-N.json` plus whatever follows `--` (any bench option). `--dir` (default
 * load-tests/results) holds the runs' JSON and the summary, market-scaling.json. `--target`
 * (product) is passed on: the reference server takes the market too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scalingSummary } from './lib/market-scaling.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: opts, positionals: benchArgs } = parseArgs({
  options: {
    instances: { type: 'string', default: '1,2,3' },
    target: { type: 'string', default: 'product' },
    dir: { type: 'string', default: join(here, 'results') },
  },
  allowPositionals: true,
});

const counts = opts.instances.split(',').map(Number);
const reports = [];
for (const instances of counts) {
  const out = resolve(opts.dir, `market-${instances}.json`);
  console.log(`\n=== market on ${instances} instance${instances > 1 ? 's' : ''} → ${out}`);
  const run = spawnSync(
    process.execPath,
    [
      join(here, 'bench.mjs'),
      '--target',
      opts.target,
      '--scenarios',
      'market',
      '--instances',
      String(instances),
      '--out',
      out,
      ...benchArgs,
    ],
    { stdio: 'inherit' },
  );
  // A run with errors or violations still wrote its JSON (exit code 1): it belongs in the table.
  if (run.status !== 0 && run.status !== 1) throw new Error(`the run on ${instances} instances failed`);
  reports.push({ instances, report: JSON.parse(readFileSync(out, 'utf8')) });
}

const summary = scalingSummary(reports, opts.target);
const file = resolve(opts.dir, 'market-scaling.json');
writeFileSync(file, JSON.stringify(summary, null, 2));
console.log(`\nMarket scaling (${opts.target}):`);
console.table(summary.rows);
console.log(`Written to ${file}`);
