import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { ServerProcess } from '../../scripts/lib/server-process.cjs';
import { broadcastWindowMs, MIN_WINDOW_MS } from '../src/realtime/handlers/bid-broadcast.handler';
import { ProcessCluster } from './support/process-cluster';

/** What the benchmark's watchers process reports (load-tests/lib/watchers-process.mjs). */
interface WatchersReport {
  /** Messages heard by one watcher: the auction's distinct `new_bid` broadcasts. */
  broadcasts: number;
  firstMessageAt: number;
  lastMessageAt: number;
  /** Price → how many watchers' last message showed it. */
  prices: Record<string, number>;
}

/** Watchers per gateway: enough that the window is well above MIN_WINDOW_MS with three senders. */
const WATCHERS_PER_GATEWAY = 1_000;
const STORM_MS = 3_000;

/**
 * The `new_bid` window of a deployment split by role (docs/realtime.md, "Adaptive window"): the
 * bids are committed by an api-only process, which holds no socket, and the watchers are held by
 * two gateway-only processes. The api process must space its messages by the window the
 * gateways' crowd calls for, not the 50 ms of an empty room. The watchers are the benchmark's
 * lean `ws` watchers, in a process of their own (2,000 Socket.IO clients would cost this one
 * more than the servers). On both Redis adapters: the api process asks the gateways through each.
 */
describe.each(['classic', 'sharded'])('the new_bid window of an api-only process (%s adapter)', (adapter) => {
  const cluster = new ProcessCluster({ RATE_LIMITS: 'off', SOCKET_ADAPTER: adapter });
  let api: ServerProcess;
  let gateways: ServerProcess[];
  let watchers: ChildProcess | undefined;

  beforeAll(async () => {
    await cluster.open();
    [api, ...gateways] = await Promise.all([
      cluster.start({ MAZAD_ROLES: 'api' }),
      cluster.start({ MAZAD_ROLES: 'gateway' }),
      cluster.start({ MAZAD_ROLES: 'gateway' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    watchers?.kill();
    await cluster.close();
  });

  /** Starts `count` watchers of the auction spread over `urls`; resolves once all joined, with a
   * function that waits for the watchers to go quiet for `quietMs` and then answers their report. */
  const watch = async (urls: string[], count: number, auctionId: string) => {
    const child = fork(join(__dirname, '../../load-tests/lib/watchers-process.mjs'));
    watchers = child;
    const next = <T>(...types: string[]) =>
      new Promise<T & { type: string; error?: string }>((resolve) =>
        child.on('message', (m: T & { type: string }) => types.includes(m.type) && resolve(m)),
      );
    const ready = next('ready', 'failed');
    child.send({ type: 'start', urls, count, auctionId });
    const answer = await ready;
    if (answer.type === 'failed') throw new Error(`watchers could not join: ${answer.error}`);
    return async (quietMs: number) => {
      // Every watcher has had the last message: none arrived for quietMs.
      const settled = next<{ quiet: boolean }>('settled');
      child.send({ type: 'settle', quietMs, timeoutMs: 30_000 });
      expect((await settled).quiet).toBe(true);
      const report = next<WatchersReport>('report');
      child.send({ type: 'stop' });
      return report;
    };
  };

  it('grows with the watchers held by the gateways', async () => {
    const seller = await cluster.member('بائع');
    const bidder = await cluster.member('مزايد');
    const id = await cluster.auction(seller.id, 3600);
    const stop = await watch(
      gateways.map((g) => g.url),
      2 * WATCHERS_PER_GATEWAY,
      id,
    );
    // Three processes commit bids (the api and both gateways); the largest room holds 1,000.
    const window = broadcastWindowMs({ largestRoom: WATCHERS_PER_GATEWAY, senders: 3 });
    expect(window).toBe(3 * MIN_WINDOW_MS);

    // Bids to the api as fast as six lanes get answers; bid n offers 10 + n JOD.
    let n = 0;
    let accepted = 0;
    let lastAccepted = 0;
    const until = Date.now() + STORM_MS;
    const lane = async () => {
      while (Date.now() < until) {
        const amount = 10 + ++n;
        const res = await fetch(`${api.url}/api/auctions/${id}/bid`, {
          method: 'POST',
          headers: bidder.headers,
          body: JSON.stringify({ amount }),
        });
        await res.arrayBuffer();
        if (res.status === 200) {
          accepted++;
          lastAccepted = Math.max(lastAccepted, amount);
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, () => lane()));
    const report = await stop(3 * window);

    // The bids came more often than the messages below: with the shortest window (the api
    // process's empty room) a message would have gone out per bid, or every 50 ms.
    expect(STORM_MS / accepted).toBeLessThan(0.8 * window);
    // One message per window: on average the watchers heard them a window apart (less a margin
    // for delivery times and the first, short, window: the first bid goes out at once, and the
    // gateways' answer arrives during the window after it).
    expect(report.broadcasts).toBeGreaterThan(1);
    const spacing = (report.lastMessageAt - report.firstMessageAt) / (report.broadcasts - 1);
    expect(spacing).toBeGreaterThan(0.8 * window);
    // And nothing is lost by coalescing: every watcher's last message shows the last accepted bid.
    expect(report.prices).toEqual({ [lastAccepted]: 2 * WATCHERS_PER_GATEWAY });
  }, 120_000);
});
