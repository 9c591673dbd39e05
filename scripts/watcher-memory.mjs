#!/usr/bin/env node
/**
 * What one connected watcher costs the server in memory (target ≤ 20 KB;
 * docs/performance-log.md, "Where a watcher's memory goes"). Starts one product server from
 * server/dist on a throw-away deployment (the bench's: load-tests/lib/environment.mjs), connects
 * `--warmup` watchers (one-time costs: code, caches, pools), reads the server's resident memory
 * (/proc VmRSS) and V8 heap (`nodejs_heap_size_used_bytes` of /metrics), connects `--watchers`
 * more, each joining one of `--auctions` auction rooms, waits for the server to settle, reads
 * again and divides the growth by the watchers. `--signed-in`: each watcher signs in as one of
 * 20 members (a member socket's middlewares and rooms), else visitors.
 *
 *   npm run build -w contracts && npm run build -w server
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379/5 node scripts/watcher-memory.mjs \
 *     [--watchers 2000] [--warmup 200] [--auctions 200] [--signed-in] [--port-base 4700] [--metrics-port-base 4750]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { createEnvironment } from '../load-tests/lib/environment.mjs';
import { readProcess } from '../load-tests/lib/market-measures.mjs';

const { values } = parseArgs({
  options: {
    watchers: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '200' },
    auctions: { type: 'string', default: '200' },
    'signed-in': { type: 'boolean', default: false },
    'port-base': { type: 'string' },
    'metrics-port-base': { type: 'string' },
  },
});
const SETTLE_MS = 3_000;
const CONNECTING_AT_ONCE = 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const optionalNumber = (value) => (value === undefined ? undefined : Number(value));

const env = await createEnvironment({
  portBase: optionalNumber(values['port-base']),
  metricsPortBase: optionalNumber(values['metrics-port-base']),
  databasePrefix: 'mazad_mem',
});
const sockets = [];
try {
  const server = await env.startServer();
  const tokens = values['signed-in'] ? (await env.createMembers(20, 'مشاهد')).map((m) => m.token) : [];
  // Rooms only need a well-formed id (joining does not read the auction).
  const auctionIds = Array.from({ length: Number(values.auctions) }, () => randomUUID());

  /** Connects `count` watchers, each joined to one auction's room (acknowledged). */
  const connectWatchers = async (count) => {
    for (let first = 0; first < count; first += CONNECTING_AT_ONCE) {
      const batch = Array.from({ length: Math.min(CONNECTING_AT_ONCE, count - first) }, async () => {
        const n = sockets.length;
        const token = tokens.length ? tokens[n % tokens.length] : undefined;
        const socket = io(server.url, {
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: token ? { token } : {},
        });
        sockets.push(socket);
        await new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        const ack = await socket.timeout(10_000).emitWithAck('join_auction', auctionIds[n % auctionIds.length]);
        if (!ack?.ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
      });
      await Promise.all(batch);
    }
    await sleep(SETTLE_MS);
  };

  /** The server's resident memory and V8 heap in use, in bytes. */
  const readMemory = async () => {
    const metricsAuth = { Authorization: `Bearer ${env.env.METRICS_TOKEN}` };
    const text = await (await fetch(server.metricsUrl, { headers: metricsAuth })).text();
    const heap = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(text);
    if (!heap) throw new Error('no nodejs_heap_size_used_bytes in /metrics');
    return { rss: readProcess(server.pid).rssBytes, heap: Number(heap[1]) };
  };

  await connectWatchers(Number(values.warmup));
  const before = await readMemory();
  await connectWatchers(Number(values.watchers));
  const after = await readMemory();
  const perWatcherKb = (key) => ((after[key] - before[key]) / Number(values.watchers) / 1024).toFixed(1);
  console.log(
    `${values.watchers} ${values['signed-in'] ? 'signed-in' : 'visitor'} watchers over ${values.auctions} auctions ` +
      `(after ${values.warmup} warm-up ones): RSS +${perWatcherKb('rss')} KB per watcher, ` +
      `V8 heap used +${perWatcherKb('heap')} KB per watcher ` +
      `(RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MB, ` +
      `heap ${(before.heap / 2 ** 20).toFixed(0)} → ${(after.heap / 2 ** 20).toFixed(0)} MB)`,
  );
} finally {
  for (const socket of sockets) socket.disconnect();
  await env.close();
}
