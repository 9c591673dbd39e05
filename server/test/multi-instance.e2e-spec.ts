import { Queue } from 'bullmq';
import type { Socket } from 'socket.io-client';
import { AUCTION_END_QUEUE, endJobId } from '../src/auctions/scheduling/auction-end.queue';
import { listAuctionOverHttp } from './support/auction-forms';
import { eventually } from './support/auctions';
import { ProcessCluster } from './support/process-cluster';
import { collect, connectSocket, joinAuction, nextEvent } from './support/sockets';

/**
 * Several real server processes sharing PostgreSQL and Redis: events cross replicas through the
 * Socket.IO Redis adapter, auctions end exactly once, and a dead or restarted process (or lost
 * Redis jobs) does not leave an auction open.
 */
describe('several server processes', () => {
  const cluster = new ProcessCluster({ BID_EXTENSION: '1s', AUCTION_DURATIONS: '3s,1h' });
  const env = cluster.env;
  const sockets: Socket[] = [];
  const start = () => cluster.start();
  const member = (name: string) => cluster.member(name);
  const auction = (sellerId: string, endsInSeconds: number) => cluster.auction(sellerId, endsInSeconds);

  beforeAll(() => cluster.open());
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.disconnect());
    await cluster.stopAll();
  });
  afterAll(() => cluster.close());

  const status = async (id: string) =>
    (await cluster.db.query(`SELECT status, ended_at FROM auctions WHERE id = $1`, [id]))[0];

  it('a bid placed on one instance reaches a watcher connected to the other', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const seller = await member('بائع');
    const bidder = await member('مزايد');
    const id = await auction(seller.id, 3600);
    const watcher = await connectSocket(b.url);
    sockets.push(watcher);
    await joinAuction(watcher, id);
    const received = nextEvent(watcher, 'new_bid');
    const res = await fetch(`${a.url}/api/auctions/${id}/bid`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bidder.token}` },
      body: JSON.stringify({ amount: 12.5 }),
    });
    expect(res.status).toBe(200);
    expect((await received).auction).toMatchObject({ _id: id, currentPrice: 12.5 });
  });

  it('an auction ends exactly once with two instances', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const seller = await member('بائع');
    // Created through the API of instance A (3 s duration), so its end job is scheduled as in production.
    const id = await listAuctionOverHttp(a.url, seller.token, {
      title: 'مزاد ينتهي قريباً',
      category: 'متنوعة',
      auctionDuration: '3s',
      startingPrice: '10',
    });
    const [sa, sb] = await Promise.all([connectSocket(a.url), connectSocket(b.url)]);
    sockets.push(sa, sb);
    await Promise.all([joinAuction(sa, id), joinAuction(sb, id)]);
    const seenA = collect(sa, 'auction_ended');
    const seenB = collect(sb, 'auction_ended');
    await eventually(async () => (await status(id)).status !== 'نشط', 15_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(seenA).toHaveLength(1);
    expect(seenB).toHaveLength(1);
  });

  it('a process killed while an auction was open: the next one still ends it on time', async () => {
    const seller = await member('بائع');
    const id = await auction(seller.id, 4);
    const first = await start();
    await cluster.kill(first);
    await start();
    const ended = await eventually(async () => {
      const s = await status(id);
      return s.status !== 'نشط' && s;
    }, 20_000);
    expect(ended.status).toBe('غير مباع');
  });

  it('an auction whose job was deleted from Redis still ends (start-up reconciliation)', async () => {
    const seller = await member('بائع');
    // Ends in an hour while its job is found and removed (a short end raced a slow start: the
    // job could fire, or the boot could end the auction, before the test removed the job) …
    const id = await auction(seller.id, 3600);
    await start();
    const queue = new Queue(AUCTION_END_QUEUE, {
      connection: { url: env.REDIS_URL },
      prefix: `${env.REDIS_PREFIX}:bull`,
    });
    const job = await eventually(() => queue.getJob(endJobId(id)));
    await job.remove();
    expect(await queue.getJob(endJobId(id))).toBeUndefined();
    await cluster.stopAll();
    // … then, with no job left in Redis, its end comes near; only the restarted process (its boot reconciliation or sweep) can end it.
    await cluster.db.query(`UPDATE auctions SET end_time = now() + interval '2 seconds' WHERE id = $1`, [id]);
    await start();
    const ended = await eventually(async () => {
      const s = await status(id);
      return s.status !== 'نشط' && s;
    }, 20_000);
    expect(ended.status).toBe('غير مباع');
    await queue.close();
  });
});
