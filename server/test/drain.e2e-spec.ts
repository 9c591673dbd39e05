import { type Auction, liveViewOrder, type NewBidPayload } from '@mazad/contracts';
import { Agent, get, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import type { ServerProcess } from '../../scripts/lib/server-process.cjs';
import { eventually } from './support/auctions';
import { ProcessCluster, type ProcessMember } from './support/process-cluster';
import { collect, connectSocket, joinAuction } from './support/sockets';
import { TcpProxy } from './support/tcp-proxy';

/** One bid request and what became of it. */
interface BidCall {
  amount: number;
  bidder: ProcessMember;
  /** The request was written out in full. */
  sent: boolean;
  /** The HTTP status, or the network error when no answer came. */
  status?: number;
  body?: { success?: boolean; code?: string; bid?: { _id: string; amount: number } };
  error?: string;
}

/**
 * Draining a replica on SIGTERM (docs/operations.md, "Draining a replica"), with real server
 * processes: A and B share the database and Redis; watchers reach A through a proxy standing
 * for the load balancer; bids stream to A. On SIGTERM A answers readiness 503, answers every bid
 * already sent to it (accepted or refused, as the database agrees), closes its sockets'
 * transports and exits 0 within the grace; the watchers reconnect through the proxy (now
 * sending to B) and, by the live view's sequence numbers and the re-read after a reconnect that
 * the web app does (docs/realtime.md, "Converging after a reconnect"), hold every accepted bid.
 */
describe('draining a replica on SIGTERM', () => {
  // LOG_LEVEL info: the drain logs its steps at that level.
  const cluster = new ProcessCluster({ RATE_LIMITS: 'off', SHUTDOWN_GRACE: '10s', LOG_LEVEL: 'info' });
  const sockets: Socket[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let balancer: TcpProxy;
  const drainLog: string[] = [];
  let seller: ProcessMember;
  let bidders: ProcessMember[];

  beforeAll(async () => {
    await cluster.open();
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    // The drain's own lines (the output kept by the harness is the last 20 000 characters only).
    a.process.stdout!.on('data', (chunk: Buffer) =>
      drainLog.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line.includes('"context":"Drain"')),
      ),
    );
    balancer = new TcpProxy('127.0.0.1', a.port);
    await balancer.listen();
    seller = await cluster.member('بائع');
    bidders = await Promise.all(['سارة', 'عمر', 'ليلى', 'خالد', 'هند', 'يوسف'].map((n) => cluster.member(n)));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await balancer.cut();
    await cluster.close();
  });

  const read = async (server: ServerProcess, id: string) =>
    (await (await fetch(`${server.url}/api/auctions/${id}`)).json()) as Auction;

  /**
   * A watcher as the web app follows an auction: joins on every (re)connect, merges live views
   * by `liveViewOrder`, re-reads the auction on a gap and once in the room after a reconnect.
   * `readFrom` is where its HTTP reads go (the load balancer's current replica).
   */
  const watcher = async (id: string, readFrom: () => ServerProcess) => {
    const state = { bidCount: 0, known: new Set<string>(), reconnects: 0, heard: [] as number[] };
    const reread = async () => {
      const copy = await read(readFrom(), id);
      if (copy.bidCount < state.bidCount) return;
      state.bidCount = copy.bidCount;
      copy.bids.forEach((bid) => state.known.add(bid._id));
    };
    const socket = io(`http://127.0.0.1:${balancer.port}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    sockets.push(socket);
    let connections = 0;
    socket.on('connect', () => {
      connections += 1;
      const again = connections > 1;
      void joinAuction(socket, id).then(async () => {
        if (!again) return;
        await reread();
        state.reconnects += 1;
      });
    });
    socket.on('new_bid', ({ auction: view }: NewBidPayload) => {
      state.heard.push(view.seq);
      const order = liveViewOrder(state.bidCount, view);
      if (order === 'stale') return;
      view.lastBids.forEach((bid) => state.known.add(bid._id));
      state.bidCount = view.seq;
      if (order === 'gap') void reread();
    });
    await eventually(async () => socket.connected && connections === 1);
    await reread();
    return state;
  };

  it('answers every bid sent before the signal, turns unready, hands its watchers to B and exits 0 in the grace', async () => {
    const id = await cluster.auction(seller.id, 3600);
    let target = a;
    const watchers = await Promise.all([1, 2, 3].map(() => watcher(id, () => target)));
    // A watcher on B from the start: it hears A's broadcasts through Redis.
    const onB = await connectSocket(b.url);
    sockets.push(onB);
    await joinAuction(onB, id);
    const heardOnB = collect<NewBidPayload>(onB, 'new_bid');
    await sleep(300); // every watcher in the room

    // Bid n offers 10 + n JOD; concurrent bids overtake one another, so some are refused as too low.
    let n = 0;
    const calls: BidCall[] = [];
    const connections = new Agent({ keepAlive: true });
    const bid = (server: ServerProcess, bidder: ProcessMember) => {
      const call: BidCall = { amount: 10 + ++n, bidder, sent: false };
      calls.push(call);
      return new Promise<BidCall>((resolve) => {
        const req = request(
          `${server.url}/api/auctions/${id}/bid`,
          { method: 'POST', headers: bidder.headers, agent: connections },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => {
              call.status = res.statusCode;
              call.body = JSON.parse(text) as BidCall['body'];
              resolve(call);
            });
          },
        );
        // 'finish': the whole request was handed to the operating system, i.e. sent.
        req.on('finish', () => (call.sent = true));
        req.on('error', (err) => {
          call.error = String(err);
          resolve(call);
        });
        req.end(JSON.stringify({ amount: call.amount }));
      });
    };

    // A stream of bids to A, one lane per bidder…
    let streaming = true;
    const lanes = bidders.map(async (bidder) => {
      while (streaming && n < 40) await bid(a, bidder);
    });
    await eventually(async () => n >= 40);
    // A kept-alive connection to A, opened before the signal, to watch its readiness through.
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const ready = () =>
      new Promise<number>((resolve, reject) => {
        get(`${a.url}/api/health/ready`, { agent: keptAlive }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        }).on('error', reject);
      });
    expect(await ready()).toBe(200);

    // Two members bid over their sockets too (docs/realtime.md, "Bids over the socket").
    const socketBidders = await Promise.all(
      bidders.slice(0, 2).map(async (bidder) => {
        const socket = io(`http://127.0.0.1:${balancer.port}`, {
          transports: ['websocket'],
          forceNew: true,
          auth: { token: bidder.token },
        });
        sockets.push(socket);
        await eventually(async () => socket.connected);
        return socket;
      }),
    );
    const socketCalls: { amount: number; answer?: BidCall['body']; error?: string }[] = [];
    const socketBid = async (socket: Socket) => {
      const call: (typeof socketCalls)[number] = { amount: 10 + ++n };
      socketCalls.push(call);
      try {
        call.answer = await socket
          .timeout(8_000)
          .emitWithAck('place_bid', { auctionId: id, amount: call.amount, idempotencyKey: `drain-${call.amount}` });
      } catch (err) {
        call.error = String(err);
      }
    };

    // …then a last burst, and the signal while it is being answered.
    streaming = false;
    const burst = [
      ...Array.from({ length: 30 }, (_, i) => bid(a, bidders[i % bidders.length])),
      ...Array.from({ length: 10 }, (_, i) => socketBid(socketBidders[i % 2])),
    ];
    await sleep(10);
    const sentBeforeSignal = calls.filter((c) => c.sent);
    const inFlightAtSignal = sentBeforeSignal.filter((c) => c.status === undefined && !c.error).length;
    const signalled = Date.now();
    a.process.kill('SIGTERM');
    balancer.retarget(b.port); // the load balancer takes A out
    target = b;

    // Readiness turns 503 while A drains (the same connection: A accepts no new one).
    let readiness = 200;
    while (readiness === 200) readiness = await ready();
    expect(readiness).toBe(503);
    keptAlive.destroy();

    await Promise.all([...lanes, ...burst]);
    await a.exited;
    const drainedInMs = Date.now() - signalled;
    expect(a.process.exitCode).toBe(0);
    expect(drainedInMs).toBeLessThan(10_000);
    // Each step logged, in order.
    const steps = [
      'SIGTERM: draining',
      'Stopped accepting connections',
      'Work in flight finished',
      'Flushed bid broadcasts',
      'Handed off sockets',
      'HTTP connections closed',
      'Drained in',
    ];
    expect(drainLog.map((line) => steps.find((step) => line.includes(step)))).toEqual(steps);

    // Every bid sent before the signal got a real answer: accepted, or refused in our error format.
    expect(inFlightAtSignal).toBeGreaterThan(0);
    for (const call of sentBeforeSignal) {
      expect(call.error).toBeUndefined();
      if (call.status === 200) expect(call.body).toMatchObject({ success: true, bid: { amount: call.amount } });
      else expect(call.body).toEqual(expect.objectContaining({ code: expect.any(String) }));
      expect(call.status).toBeLessThan(500);
    }

    // The last bid accepted before the signal reached B's watcher as a new_bid, with no later bid
    // to carry it: the drain sent the broadcast still waiting in its window before Redis closed.
    const [{ count: acceptedBeforeB }] = await cluster.db.query(
      'SELECT count(*)::int AS count FROM bids WHERE auction_id = $1',
      [id],
    );
    await eventually(async () => heardOnB.some(({ auction }) => auction.seq === acceptedBeforeB));

    // The watchers came back through the balancer (to B), and hear bids placed there live.
    await eventually(async () => watchers.every((w) => w.reconnects >= 1));
    for (let i = 0; i < 3; i++) await bid(b, bidders[i]);
    connections.destroy();

    // The database agrees with the answers: each accepted bid stored as answered, nothing else stored.
    // Every socket bid of the burst was acknowledged, before or after its socket moved to B.
    for (const call of socketCalls) {
      expect(call.error).toBeUndefined();
      if (call.answer?.success) expect(call.answer.bid).toMatchObject({ amount: call.amount });
      else expect(call.answer).toEqual(expect.objectContaining({ code: expect.any(String) }));
    }
    const accepted = [
      ...calls.filter((c) => c.status === 200).map((c) => c.body!.bid!),
      ...socketCalls.filter((c) => c.answer?.success).map((c) => c.answer!.bid!),
    ];
    const stored: { id: string; amount_fils: string }[] = await cluster.db.query(
      'SELECT id, amount_fils FROM bids WHERE auction_id = $1 ORDER BY seq',
      [id],
    );
    expect(stored.map((s) => ({ _id: s.id, amount: Number(s.amount_fils) / 1000 })).sort(byId)).toEqual(
      accepted.map((x) => ({ _id: x._id, amount: x.amount })).sort(byId),
    );
    expect(stored.length).toBeLessThanOrEqual(100); // the auction read carries the latest 100 bids
    expect(stored.length).toBe(accepted.length);

    // No gap: every watcher holds every accepted bid, and heard the last ones live from B.
    const last = stored.length;
    await eventually(async () => watchers.every((w) => w.bidCount === last));
    for (const w of watchers) {
      expect([...w.known].sort()).toEqual(stored.map((s) => s.id).sort());
      expect(w.heard).toContain(last);
    }
  });
});

const byId = (x: { _id: string }, y: { _id: string }) => x._id.localeCompare(y._id);
