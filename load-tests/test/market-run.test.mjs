/**
 * A tiny real market (lib/market-scenario.mjs) against two reference servers: 20 auctions, 100
 * watchers, 50 bids/s for 2 s, through the same hook bench.mjs runs. Checks the run's shape and
 * its correctness figures (invariants, convergence, sockets counted), never its timings.
 * Needs PostgreSQL and Redis on 127.0.0.1 (BENCH_DATABASE_URL / BENCH_REDIS_URL) and server/dist.
 * TEST_DB_PREFIX names the database (default mazad_test_market); BENCH_PORT_BASE fixes the ports.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createEnvironment } from '../lib/environment.mjs';
import { marketScenario } from '../lib/market-scenario.mjs';

let env;
let servers;
let seller;
let bidders;

before(async () => {
  env = await createEnvironment({
    databasePrefix: process.env.TEST_DB_PREFIX ?? 'mazad_test_market',
    portBase: process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined,
  });
  [seller] = await env.createMembers(1, 'بائع');
  bidders = await env.createMembers(10, 'مزايد');
  servers = [await env.startReference(), await env.startReference()];
});

after(async () => {
  await env?.close();
});

test('a tiny market: every auction consistent, every watcher on its final price, every figure there', async () => {
  const scenario = marketScenario(
    {
      'market-auctions': '20',
      'market-watchers': '100',
      'market-rate': '50',
      'market-skew': '1',
      'scenario-seconds': '2',
    },
    false,
  );
  const run = await scenario.run({ env, servers, seller, bidders, warmup: 0 });
  const { bidStorm: b, fanout: f, market: m } = run;

  assert.equal(run.invariants.violations, 0, run.invariants.details.join('\n'));
  assert.equal(b.errorsPerSec, 0, JSON.stringify(b.errorCodes));
  assert.ok(b.acceptedPerSec > 0);
  assert.deepEqual(
    Object.keys(b.rejectionCodes).filter((c) => c !== 'BID_TOO_LOW'),
    [],
  );
  assert.equal(run.results.length, 100, 'every bid answered');
  assert.deepEqual(
    b.perInstance.map((p) => p.instance),
    [0, 1],
  );
  for (const instance of [0, 1]) {
    const paths = new Set(run.results.filter((r) => r.i % 2 === instance).map((r) => r.via ?? 'http'));
    assert.deepEqual([...paths].sort(), ['http', 'socket'], `instance ${instance} got bids over both paths`);
  }

  assert.equal(m.convergence.watchers, 100);
  assert.ok(m.convergence.allConverged, JSON.stringify(m.convergence));
  assert.equal(f.watchersConvergedOnFinalPrice, 100);
  assert.ok(f.latencySamples > 0);

  assert.equal(m.auctions, 20);
  assert.ok(m.auctionsWithBids > 0 && m.auctionsWithBids <= 20);
  assert.equal(m.memory.sockets, 100);
  assert.deepEqual(
    m.memory.servers.map((s) => s.sockets),
    [50, 50],
  );
  assert.ok(m.redisAdapter.byKind.broadcast > 0, 'broadcasts crossed the Redis adapter');
  assert.deepEqual(
    m.cpu.map((p) => p.name),
    ['server 1', 'server 2', 'watchers 1', 'bidders'],
  );
  assert.equal(run.serverMetrics, null, 'the reference server has no /metrics');
  assert.ok(run.series.x.length > 0);
});
