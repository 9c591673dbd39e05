import { Queue } from 'bullmq';
import { AUCTION_ARCHIVE_QUEUE, archiveJobId } from '../src/archive/scheduling/auction-archive.queue';
import { eventually } from './support/auctions';
import { ProcessCluster } from './support/process-cluster';
import type { ServerProcess } from './support/server-process';

/**
 * Archiving survives the process that scheduled it: real server processes sharing PostgreSQL
 * and Redis; the first one ends the auction (and schedules its archive job) and is killed
 * before the archive moment; the next one archives it on time, from the surviving job or, when
 * the job was lost from Redis, through its start-up reconciliation.
 */
describe('archive across restarts (separate processes)', () => {
  const cluster = new ProcessCluster({ ARCHIVE_UNSOLD_AFTER: '6s', ARCHIVE_SOLD_AFTER: '7s', BID_EXTENSION: '1s' });
  const env = cluster.env;
  let queue: Queue;
  const start = () => cluster.start();
  const kill = (p: ServerProcess) => cluster.kill(p);
  const member = (name: string) => cluster.member(name);
  const auction = (sellerId: string, endsInSeconds: number) =>
    cluster.auction(sellerId, endsInSeconds, { title: 'مزاد عبر إعادة التشغيل' });

  beforeAll(async () => {
    await cluster.open();
    queue = new Queue(AUCTION_ARCHIVE_QUEUE, {
      connection: { url: env.REDIS_URL },
      prefix: `${env.REDIS_PREFIX}:bull`,
    });
  });
  afterEach(() => cluster.stopAll());
  afterAll(async () => {
    await queue.close();
    await cluster.close();
  });

  const row = async (id: string) =>
    (
      await cluster.db.query(`SELECT status, winner_id, ended_at, archived_at FROM auctions WHERE id = $1`, [id])
    )[0] as {
      status: string;
      winner_id: string | null;
      ended_at: Date | null;
      archived_at: Date | null;
    };
  const ended = (id: string) =>
    eventually(
      async () => {
        const r = await row(id);
        return r.ended_at !== null && r;
      },
      20_000,
      50,
    );
  const archived = (id: string) =>
    eventually(async () => {
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
