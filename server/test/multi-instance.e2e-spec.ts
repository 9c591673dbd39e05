import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { Socket } from 'socket.io-client';
import { AUCTION_END_QUEUE, endJobId } from '../src/auctions/scheduling/auction-end.queue';
import { dataSourceOptions } from '../src/infrastructure/database/data-source-options';
import { pngImage } from './support/auction-forms';
import { eventually } from './support/auctions';
import { ServerProcess, startServerProcess } from './support/server-process';
import { collect, connectSocket, joinAuction, nextEvent } from './support/sockets';
import { testEnvironment } from './support/test-app';

/**
 * Several real server processes sharing PostgreSQL and Redis: events cross replicas through the
 * Socket.IO Redis adapter, auctions end exactly once, and a dead or restarted process (or lost
 * Redis jobs) does not leave an auction open.
 */
describe('several server processes', () => {
  const env = testEnvironment({ BID_EXTENSION: '1s', AUCTION_DURATIONS: '3s,1h' });
  let db: DataSource;
  const running: ServerProcess[] = [];
  const sockets: Socket[] = [];
  const jwt = new JwtService({ secret: env.JWT_SECRET });

  const start = async () => {
    const p = await startServerProcess(env);
    running.push(p);
    return p;
  };

  beforeAll(async () => {
    db = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
  });
  afterEach(async () => {
    sockets.splice(0).forEach((s) => s.disconnect());
    await Promise.all(running.splice(0).map((p) => p.stop()));
  });
  afterAll(() => db.destroy());

  async function member(name: string) {
    const [u] = await db.query(
      `INSERT INTO users (name, email, phone, location, password_hash, is_verified)
       VALUES ($1, $2, '0790000000', 'عمّان', 'not-a-login-account', true) RETURNING id, token_version`,
      [name, `${randomUUID()}@example.com`],
    );
    return { id: u.id as string, token: jwt.sign({ sub: u.id, tv: u.token_version }) };
  }

  async function auction(sellerId: string, endsInSeconds: number) {
    const [a] = await db.query(
      `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                             auction_duration, end_time)
       VALUES ($1, 'مزاد متعدد الخوادم', 'وصف', 'متنوعة', '{}', 10000, 10000, '1h', now() + make_interval(secs => $2))
       RETURNING id`,
      [sellerId, endsInSeconds],
    );
    return a.id as string;
  }

  const status = async (id: string) => (await db.query(`SELECT status, ended_at FROM auctions WHERE id = $1`, [id]))[0];

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
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: 'مزاد ينتهي قريباً', description: 'وصف', category: 'متنوعة', auctionDuration: '3s', startingPrice: '10' })) form.append(k, v);
    form.append('images', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'photo.png');
    const created = await fetch(`${a.url}/api/auctions`, { method: 'POST', headers: { Authorization: `Bearer ${seller.token}` }, body: form });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { _id: string })._id;
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
    await first.kill();
    running.splice(running.indexOf(first), 1);
    await start();
    const ended = await eventually(async () => {
      const s = await status(id);
      return s.status !== 'نشط' && s;
    }, 20_000);
    expect(ended.status).toBe('غير مباع');
  });

  it('an auction whose job was deleted from Redis still ends (start-up reconciliation)', async () => {
    const seller = await member('بائع');
    const id = await auction(seller.id, 4);
    const first = await start();
    const queue = new Queue(AUCTION_END_QUEUE, { connection: { url: env.REDIS_URL }, prefix: `${env.REDIS_PREFIX}:bull` });
    const job = await eventually(() => queue.getJob(endJobId(id)));
    await job.remove();
    expect(await queue.getJob(endJobId(id))).toBeUndefined();
    await first.stop();
    running.splice(running.indexOf(first), 1);
    await start();
    const ended = await eventually(async () => {
      const s = await status(id);
      return s.status !== 'نشط' && s;
    }, 20_000);
    expect(ended.status).toBe('غير مباع');
    await queue.close();
  });
});
