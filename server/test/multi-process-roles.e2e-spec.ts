import { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../../scripts/lib/free-port.cjs';
import type { ServerProcess } from '../../scripts/lib/server-process.cjs';
import { AUCTION_END_QUEUE } from '../src/auctions/scheduling/auction-end.queue';
import { listAuctionOverHttp } from './support/auction-forms';
import { eventually } from './support/auctions';
import { scrapeMetrics } from './support/metrics';
import { ProcessCluster, type ProcessMember } from './support/process-cluster';
import { RoleProxy } from './support/role-proxy';
import { collect, connectSocket, joinAuction, nextEvent } from './support/sockets';

/**
 * A deployment split by role (MAZAD_ROLES, docs/operations.md "Roles"): one worker-only, two
 * gateway-only and one api-only process, started together against one database and Redis, behind
 * a proxy that sends /socket.io to the gateways in turn (WebSocket only, no stickiness) and
 * everything else to the api.
 */
describe('processes split by role behind one proxy', () => {
  // 'info' logs: the worker's "Auction ended" line tells which process ended an auction. The
  // sharded adapter: the other multi-process suites run the default (classic) one.
  const cluster = new ProcessCluster({
    BID_EXTENSION: '1s',
    AUCTION_DURATIONS: '3s,1h',
    LOG_LEVEL: 'info',
    SOCKET_ADAPTER: 'sharded',
  });
  const sockets: Socket[] = [];
  let worker: ServerProcess;
  let gateways: ServerProcess[];
  let api: ServerProcess;
  let proxy: RoleProxy;
  let seller: ProcessMember;
  let bidder: ProcessMember;
  const metricsPorts = new Map<ServerProcess, number>();

  /** A process of these roles, with its own metrics port. */
  const start = async (roles: string) => {
    const metricsPort = await freePort();
    const p = await cluster.start({ MAZAD_ROLES: roles, METRICS_PORT: String(metricsPort) });
    metricsPorts.set(p, metricsPort);
    return p;
  };

  beforeAll(async () => {
    await cluster.open();
    // All four at once: migrations, the admin bootstrap and the reconciliation must bear any mix.
    [worker, api, ...gateways] = await Promise.all([start('worker'), start('api'), start('gateway'), start('gateway')]);
    proxy = new RoleProxy(
      api.port,
      gateways.map((g) => g.port),
    );
    await proxy.listen();
    seller = await cluster.member('بائع');
    bidder = await cluster.member('مزايد');
  }, 120_000);
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(async () => {
    await proxy?.close();
    await cluster.close();
  });

  /** Watchers connected through the proxy one after another: they land on the two gateways in turn. */
  const watchersOnBothGateways = async (auctionId: string) => {
    const watchers: Socket[] = [];
    for (let i = 0; i < 2; i++) {
      const socket = await connectSocket(proxy.url);
      sockets.push(socket);
      await joinAuction(socket, auctionId);
      watchers.push(socket);
    }
    expect(new Set(proxy.upgrades.slice(-2))).toEqual(new Set(gateways.map((g) => g.port)));
    return watchers;
  };

  const bid = (auctionId: string, amount: number) =>
    fetch(`${proxy.url}/api/auctions/${auctionId}/bid`, {
      method: 'POST',
      headers: bidder.headers,
      body: JSON.stringify({ amount }),
    });

  const socketConnections = async (p: ServerProcess) => {
    const text = await scrapeMetrics(metricsPorts.get(p)!);
    return Number(/^mazad_socket_connections(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1]);
  };

  it('a bid placed through the api reaches socket watchers on both gateways', async () => {
    const id = await cluster.auction(seller.id, 3600);
    const watchers = await watchersOnBothGateways(id);
    const received = watchers.map((w) => nextEvent(w, 'new_bid'));
    const res = await bid(id, 12.5);
    expect(res.status).toBe(200);
    for (const payload of await Promise.all(received)) {
      expect(payload.auction).toMatchObject({ _id: id, currentPrice: 12.5 });
    }
  });

  it('an auction end runs once, on the worker', async () => {
    // Created through the api process: its end job is added there, and must run on the worker.
    const id = await listAuctionOverHttp(proxy.url, seller.token, {
      title: 'مزاد ينتهي قريباً',
      category: 'متنوعة',
      auctionDuration: '3s',
      startingPrice: '10',
    });
    const watchers = await watchersOnBothGateways(id);
    const seen = watchers.map((w) => collect(w, 'auction_ended'));
    await eventually(async () => {
      const [row] = await cluster.db.query(`SELECT status FROM auctions WHERE id = $1`, [id]);
      return row.status !== 'نشط';
    }, 20_000);
    await eventually(async () => seen.every((s) => s.length > 0), 5_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(seen.map((s) => s.length)).toEqual([1, 1]);
    const endedHere = (p: ServerProcess) => p.output().includes(id) && /"msg":"Auction ended"/.test(p.output());
    await eventually(async () => endedHere(worker), 5_000);
    expect([api, ...gateways].filter(endedHere)).toEqual([]);
    // The end queue has one BullMQ worker connection in the whole cluster: the worker process's.
    const queue = new Queue(AUCTION_END_QUEUE, {
      connection: { url: cluster.env.REDIS_URL },
      prefix: `${cluster.env.REDIS_PREFIX}:bull`,
    });
    try {
      expect(await queue.getWorkersCount()).toBe(1);
    } finally {
      await queue.close();
    }
  });

  it('a process without the api role answers 404 in our error format, except its health routes and the clock', async () => {
    for (const p of [worker, ...gateways]) {
      for (const path of ['/api/auctions', '/', '/admin', '/uploads/x.webp']) {
        const res = await fetch(`${p.url}${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(await res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
      expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${p.url}/api/time`)).status).toBe(200);
    }
    expect((await fetch(`${api.url}/api/auctions`)).status).toBe(200);
  });

  it('a process without the gateway role refuses socket connections', async () => {
    for (const p of [api, worker]) await expect(connectSocket(p.url)).rejects.toThrow();
    sockets.push(await connectSocket(gateways[0].url));
  });

  it('a killed gateway: its clients reconnect through the proxy to the other and hear later bids', async () => {
    const id = await cluster.auction(seller.id, 3600);
    const watchers = [await rejoiningWatcher(proxy.url, id), await rejoiningWatcher(proxy.url, id)];
    sockets.push(...watchers.map((w) => w.socket));
    const [doomed, survivor] = proxy.upgrades.slice(-2).map((port) => gateways.find((g) => g.port === port)!);
    expect(doomed).not.toBe(survivor);
    const before = await socketConnections(survivor);
    const upgradesBefore = proxy.upgrades.length;
    await cluster.kill(doomed);
    // The doomed gateway's watcher comes back through the proxy (which skips the dead gateway)
    // and joins its room again.
    await eventually(async () => watchers[0].joins() === 2, 20_000);
    expect(proxy.upgrades.slice(upgradesBefore)).toEqual([survivor.port]);
    expect(await socketConnections(survivor)).toBe(before + 1);
    const received = watchers.map((w) => nextEvent(w.socket, 'new_bid', (p) => p.auction.currentPrice === 20));
    expect((await bid(id, 20)).status).toBe(200);
    await Promise.all(received);
  });
});

/**
 * A watcher that reconnects by itself and joins the auction's room again on every connection, as
 * the web app does (web/src/features/auctions/api/use-auction-room.ts); `joins` counts the joins
 * acknowledged.
 */
async function rejoiningWatcher(url: string, auctionId: string): Promise<{ socket: Socket; joins: () => number }> {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
  });
  let joins = 0;
  const joined = new Promise<void>((resolve) =>
    socket.on('connect', () => {
      // A refused join fails the test where it waits for the joins.
      joinAuction(socket, auctionId).then(
        () => {
          joins++;
          resolve();
        },
        () => undefined,
      );
    }),
  );
  await joined;
  return { socket, joins: () => joins };
}
