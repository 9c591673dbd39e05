import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AUCTION_ARCHIVE_QUEUE, archiveJobId } from '../src/archive/scheduling/auction-archive.queue';
import { dataSourceOptions } from '../src/infrastructure/database/data-source-options';
import { eventually } from './support/auctions';
import { ServerProcess, startServerProcess } from './support/server-process';
import { testEnvironment } from './support/test-app';

/**
 * Archiving survives the process that scheduled it: real server processes sharing PostgreSQL
 * and Redis; the first one ends the auction (and schedules its archive job) and is killed
 * before the archive moment; the next one archives it on time, from the surviving job or, when
 * the job was lost from Redis, through its start-up reconciliation.
 */
describe('archive across restarts (separate processes)', () => {
  const env = testEnvironment({ ARCHIVE_UNSOLD_AFTER: '6s', ARCHIVE_SOLD_AFTER: '7s', BID_EXTENSION: '1s' });
  let db: DataSource;
  let queue: Queue;
  const running: ServerProcess[] = [];
  const jwt = new JwtService({ secret: env.JWT_SECRET });

  const start = async () => {
    const p = await startServerProcess(env);
    running.push(p);
    return p;
  };
  const kill = async (p: ServerProcess) => {
    await p.kill();
    running.splice(running.indexOf(p), 1);
  };

  beforeAll(async () => {
    db = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
    queue = new Queue(AUCTION_ARCHIVE_QUEUE, { connection: { url: env.REDIS_URL }, prefix: `${env.REDIS_PREFIX}:bull` });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
  });
  afterAll(async () => {
    await queue.close();
    await db.destroy();
  });

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
       VALUES ($1, 'مزاد عبر إعادة التشغيل', 'وصف', 'متنوعة', '{}', 10000, 10000, '1h', now() + make_interval(secs => $2))
       RETURNING id`,
      [sellerId, endsInSeconds],
    );
    return a.id as string;
  }

  const row = async (id: string) =>
    (await db.query(`SELECT status, winner_id, ended_at, archived_at FROM auctions WHERE id = $1`, [id]))[0] as {
      status: string;
      winner_id: string | null;
      ended_at: Date | null;
      archived_at: Date | null;
    };
  const ended = (id: string) => eventually(async () => {
    const r = await row(id);
    return r.ended_at !== null && r;
  }, 20_000, 50);
  const archived = (id: string) => eventually(async () => {
    const r = await row(id);
    return r.archived_at !== null && r;
  }, 30_000);

  it('a sold auction: the process that ended it is killed, the next one archives it on time from the surviving job', async () => {
    const seller = await member('بائع');
    const buyer = await member('مشترٍ');
    const first = await start();
    const id = await auction(seller.id, 2);
    const bid = await fetch(`${first.url}/api/auctions/${id}/bid`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ amount: 120 }),
    });
    expect(bid.status).toBe(200);
    const sold = await ended(id);
    expect(sold).toMatchObject({ status: 'مباع', winner_id: buyer.id });
    // The first process scheduled the archive job, then dies well before the archive moment.
    const job = await eventually(() => queue.getJob(archiveJobId(id)), 5_000, 50);
    await kill(first);
    expect(await job.isDelayed()).toBe(true);
    expect((await row(id)).archived_at).toBeNull();

    await start();
    const done = await archived(id);
    expect(done.status).toBe('مباع');
    expect(done.archived_at!.getTime() - done.ended_at!.getTime()).toBeGreaterThanOrEqual(7_000);
  });

  it('an unsold auction whose archive job was deleted from Redis: the next process archives it through start-up reconciliation', async () => {
    const seller = await member('بائع');
    const id = await auction(seller.id, 2);
    const first = await start();
    const unsold = await ended(id);
    expect(unsold.status).toBe('غير مباع');
    const job = await eventually(() => queue.getJob(archiveJobId(id)), 5_000, 50);
    await kill(first);
    await job.remove();
    expect(await queue.getJob(archiveJobId(id))).toBeUndefined();
    expect((await row(id)).archived_at).toBeNull();

    await start();
    // Reconciliation re-creates the job at start-up (the sweep would only step in later).
    await eventually(async () => (await queue.getJob(archiveJobId(id))) ?? (await row(id)).archived_at, 10_000, 50);
    const done = await archived(id);
    expect(done.status).toBe('غير مباع');
    expect(done.archived_at!.getTime() - done.ended_at!.getTime()).toBeGreaterThanOrEqual(6_000);
  });
});
