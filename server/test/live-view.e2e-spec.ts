import { type Auction, liveViewOrder, type NewBidPayload } from '@mazad/contracts';
import type { Socket } from 'socket.io-client';
import { ProcessCluster, type ProcessMember } from './support/process-cluster';
import type { ServerProcess } from '../../scripts/lib/server-process.cjs';
import { collect, connectSocket, joinAuction, nextEvent } from './support/sockets';

/**
 * The lean `new_bid` across two real server processes (docs/realtime.md, "The live view"): its
 * shape, its per-auction sequence numbers, and a watcher that misses messages detecting the gap
 * from `seq` and converging by re-reading the auction once.
 */
describe('lean live updates across two processes', () => {
  const cluster = new ProcessCluster();
  const sockets: Socket[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let seller: ProcessMember;
  let bidders: ProcessMember[];

  beforeAll(async () => {
    await cluster.open();
    [a, b] = await Promise.all([cluster.start(), cluster.start()]);
    seller = await cluster.member('بائع');
    bidders = await Promise.all(['سارة', 'عمر', 'ليلى'].map((n) => cluster.member(n)));
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.disconnect()));
  afterAll(() => cluster.close());

  const watch = async (server: ServerProcess, auctionId: string) => {
    const socket = await connectSocket(server.url);
    sockets.push(socket);
    await joinAuction(socket, auctionId);
    return socket;
  };

  /** Bid number `n` of an auction (starting price 10 JOD): 10 + n JOD, through A or B in turn. */
  const placeBid = async (auctionId: string, n: number) => {
    const res = await fetch(`${(n % 2 ? a : b).url}/api/auctions/${auctionId}/bid`, {
      method: 'POST',
      headers: bidders[n % bidders.length].headers,
      body: JSON.stringify({ amount: 10 + n }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { bid: NewBidPayload['bid'] }).bid;
  };

  /** Places bid `n` and waits until `watcher` heard the message that reports it; answers the bid. */
  const placeAndHear = async (auctionId: string, n: number, watcher: Socket) => {
    const heard = nextEvent<NewBidPayload>(
      watcher,
      'new_bid',
      (p) => p.auction._id === auctionId && p.auction.seq >= n,
    );
    const [bid] = await Promise.all([placeBid(auctionId, n), heard]);
    return bid;
  };

  const read = async (auctionId: string) =>
    (await (await fetch(`${a.url}/api/auctions/${auctionId}`)).json()) as Auction;

  it('carries the slim live view only: no description, images or seller; seq = the bid count', async () => {
    const id = await cluster.auction(seller.id, 3600);
    const watcher = await watch(b, id);
    const heard = nextEvent<NewBidPayload>(watcher, 'new_bid');
    const bid = await placeBid(id, 1); // through A, heard on B
    const payload = await heard;
    expect(Object.keys(payload).sort()).toEqual(['auction', 'bid']);
    expect(Object.keys(payload.auction).sort()).toEqual([
      '_id',
      'bidCount',
      'currentPrice',
      'endTime',
      'lastBids',
      'seq',
      'status',
      'winner',
    ]);
    const rest = await read(id);
    expect(payload.auction).toEqual({
      _id: id,
      currentPrice: 11,
      bidCount: 1,
      endTime: rest.endTime,
      status: rest.status,
      winner: null,
      lastBids: [bid],
      seq: 1,
    });
    expect(payload.bid).toEqual(bid);
    expect(rest.bidCount).toBe(payload.auction.seq);
  });

  it('numbers each auction on its own, one more per bid, whichever process took it', async () => {
    const [x, y] = await Promise.all([cluster.auction(seller.id, 3600), cluster.auction(seller.id, 3600)]);
    const onA = await watch(a, x);
    await joinAuction(onA, y);
    const onB = await watch(b, x);
    await joinAuction(onB, y);
    const heardA = collect<NewBidPayload>(onA, 'new_bid');
    const heardB = collect<NewBidPayload>(onB, 'new_bid');
    // Interleaved: x1 y1 x2 y2 … each through A then B in turn, each heard before the next.
    for (let n = 1; n <= 4; n++) {
      await placeAndHear(x, n, onA);
      await placeAndHear(y, n, onB);
    }
    await new Promise((r) => setTimeout(r, 300));
    for (const heard of [heardA, heardB]) {
      for (const id of [x, y]) {
        const views = heard.filter((p) => p.auction._id === id).map((p) => p.auction);
        expect(views.map((v) => v.seq)).toEqual([1, 2, 3, 4]);
        // Each seq is the count after the view's newest bid: bid n costs 10 + n.
        for (const v of views) expect(v.lastBids[0].amount).toBe(10 + v.seq);
      }
    }
  });

  it('a watcher that misses messages sees the gap in seq and converges by re-reading once', async () => {
    const id = await cluster.auction(seller.id, 3600);
    /**
     * The client rule of docs/realtime.md: a copy read by REST, live views merged into it with
     * `liveViewOrder`, and ONE re-read per gap. `drop` simulates frames lost on the way.
     */
    const follower = async (server: ServerProcess, drop: (seq: number) => boolean = () => false) => {
      const state = { copy: await read(id), reads: 1, gaps: 0 };
      const socket = await watch(server, id);
      socket.on('new_bid', async ({ auction: view }: NewBidPayload) => {
        if (drop(view.seq)) return;
        const order = liveViewOrder(state.copy.bidCount, view);
        if (order === 'stale') return;
        const { currentPrice, bidCount, endTime, status, winner } = view;
        const known = new Set(state.copy.bids.map((x) => x._id));
        const fresh = view.lastBids.filter((x) => !known.has(x._id)).reverse();
        state.copy = {
          ...state.copy,
          currentPrice,
          bidCount,
          endTime,
          status,
          winner,
          bids: [...state.copy.bids, ...fresh],
        };
        if (order === 'gap') {
          state.gaps++;
          state.reads++;
          state.copy = await read(id);
        }
      });
      return { state, socket };
    };
    const steady = await follower(a);
    const lossy = await follower(b, (seq) => seq >= 3 && seq <= 7); // five frames lost
    let away = await follower(b);

    const placed: string[] = [];
    for (let n = 1; n <= 2; n++) placed.push((await placeAndHear(id, n, steady.socket))._id);
    // `away` loses its connection for a while (as a phone going through a tunnel)…
    away.socket.disconnect();
    for (let n = 3; n <= 8; n++) placed.push((await placeAndHear(id, n, steady.socket))._id);
    // …and comes back with its old copy: a new socket, the room joined again.
    const stale = away.state.copy;
    away = await follower(b);
    away.state.copy = stale;
    away.state.reads = 0;
    placed.push((await placeAndHear(id, 9, steady.socket))._id);
    await new Promise((r) => setTimeout(r, 500));

    const final = await read(id);
    expect(final.bidCount).toBe(9);
    // The steady watcher heard every message in turn: no gap, no re-read beyond its first read.
    expect(steady.state).toMatchObject({ gaps: 0, reads: 1 });
    // The others saw the gap and re-read the auction exactly once each.
    expect(lossy.state).toMatchObject({ gaps: 1, reads: 2 });
    expect(away.state).toMatchObject({ gaps: 1, reads: 1 });
    for (const { state } of [steady, lossy, away]) {
      expect(state.copy).toMatchObject({ currentPrice: final.currentPrice, bidCount: 9 });
      expect(state.copy.bids.map((x) => x._id)).toEqual(placed);
    }
  });
});
