import { AuctionStatus } from '@mazad/contracts';
import { AUCTION_ARCHIVE_QUEUE } from '../src/archive/scheduling/auction-archive.queue';
import { AUCTION_END_QUEUE } from '../src/auctions/scheduling/auction-end.queue';
import { DELIVERY_LANE_NAMES, DELIVERY_LANES } from '../src/infrastructure/deliveries/delivery-lanes';
import { RedisService } from '../src/infrastructure/redis/redis.service';
import { REDIS_SAMPLE_EVERY } from '../src/infrastructure/metrics/redis-metrics';
import { freePort } from '../../scripts/lib/free-port.cjs';
import { createAuction, eventually, reloadAuction } from './support/auctions';
import { scrapeMetrics, sampleSum } from './support/metrics';
import { connectSocket, joinAuction, nextEvent } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';
import { DataSource } from 'typeorm';

describe('/metrics on METRICS_PORT', () => {
  let t: TestApp;
  let metricsPort: number;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await startTestApp({ METRICS_PORT: String(metricsPort) });
    seller = await createUser(t, { name: 'سامي البائع' });
    alice = await createUser(t, { name: 'أليس أحمد' });
    bob = await createUser(t, { name: 'باسم علي' });
  });
  afterAll(() => t?.close()); // unless the last test closed it

  const scrape = () => scrapeMetrics(metricsPort);
  const bid = (id: string, who: TestUser, amount: number) =>
    t.http().post(`/api/auctions/${id}/bid`).set(who.auth).send({ amount });

  it('is not served on the public port', async () => {
    await t.http().get('/metrics').expect(404);
    await t.http().get('/api/metrics').expect(404);
  });

  it('answers only the bearer METRICS_TOKEN: 401 without it or with another', async () => {
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    for (const headers of [{}, { Authorization: 'Bearer not-the-metrics-token-0123456789abcdef' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toMatch(/^# (HELP|TYPE) /m);
    }
    expect(await scrape()).toMatch(/^# TYPE mazad_bids_total counter$/m);
  });

  it('says which roles and version the process runs, and has the runtime metrics', async () => {
    const text = await scrape();
    expect(text).toMatch(/^mazad_process_info\{roles="api,gateway,worker",version="\d+\.\d+\.\d+"\} 1$/m);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('counts an accepted and a refused bid (by code), times them, and broadcasts to the room it counts', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const before = await scrape();
    const watcher = await connectSocket(t.url);
    try {
      await joinAuction(watcher, auction.id);
      const joined = await scrape();
      expect(sampleSum(joined, 'mazad_socket_connections')).toBe(sampleSum(before, 'mazad_socket_connections') + 1);
      expect(sampleSum(joined, 'mazad_socket_rooms')).toBe(sampleSum(before, 'mazad_socket_rooms') + 1);

      const heard = nextEvent(watcher, 'new_bid');
      await bid(auction.id, alice, 150).expect(200);
      const refused = await bid(auction.id, bob, 150).expect(400);
      expect(refused.body.code).toBe('BID_TOO_LOW');
      await heard;

      const after = await eventually(async () => {
        const text = await scrape();
        return sampleSum(text, 'mazad_bid_broadcast_seconds_count') >
          sampleSum(before, 'mazad_bid_broadcast_seconds_count')
          ? text
          : null;
      });
      const delta = (name: string, labels: Record<string, string> = {}) =>
        sampleSum(after, name, labels) - sampleSum(before, name, labels);
      expect(delta('mazad_bids_total', { action: 'bid', outcome: 'accepted', code: '' })).toBe(1);
      expect(delta('mazad_bids_total', { action: 'bid', outcome: 'refused', code: 'BID_TOO_LOW' })).toBe(1);
      expect(delta('mazad_bid_decision_seconds_count', { action: 'bid' })).toBe(2);
      expect(delta('mazad_bid_broadcast_seconds_count')).toBe(1);
      // The watcher's new_bid at least (its join acknowledgement came before `before`... or not: ≥ 1).
      expect(delta('mazad_socket_messages_sent_total')).toBeGreaterThanOrEqual(1);
      // A new_bid carries the live view with the Arabic title: far more than 100 bytes.
      expect(delta('mazad_socket_bytes_sent_total')).toBeGreaterThan(100);
      const route = '/api/auctions/:id/bid';
      expect(delta('mazad_http_request_duration_seconds_count', { method: 'POST', route, status: '200' })).toBe(1);
      expect(delta('mazad_http_request_duration_seconds_count', { method: 'POST', route, status: '400' })).toBe(1);
    } finally {
      watcher.disconnect();
    }
    const gone = await eventually(async () => {
      const text = await scrape();
      return sampleSum(text, 'mazad_socket_connections') === sampleSum(before, 'mazad_socket_connections') && text;
    });
    expect(sampleSum(gone, 'mazad_socket_rooms')).toBe(sampleSum(before, 'mazad_socket_rooms'));
  });

  it('labels requests no route matched "unmatched", whatever their URL', async () => {
    await t.http().get('/api/no-such-thing/123').expect(404);
    const text = await scrape();
    expect(text).not.toContain('/api/no-such-thing');
    expect(
      sampleSum(text, 'mazad_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThan(0);
  });

  it('reads the database pool, the queues and Redis latency', async () => {
    await createAuction(t, seller); // its end job waits in the end queue
    const redis = t.app.get(RedisService).client;
    // One command in REDIS_SAMPLE_EVERY is timed: enough of them on the main connection for a few samples.
    for (let i = 0; i < 3 * REDIS_SAMPLE_EVERY; i++) await redis.ping();
    // A query just before the scrape: the pool keeps its connection open (idle, or in use by a
    // background task at that instant) for pg's idle timeout, 10 s.
    await t.app.get(DataSource).query('SELECT 1');
    const text = await scrape();
    for (const state of ['in_use', 'idle', 'waiting'])
      expect(text).toMatch(new RegExp(`^mazad_db_pool_connections\\{state="${state}"\\} \\d+$`, 'm'));
    const open = ['in_use', 'idle'].map((state) => sampleSum(text, 'mazad_db_pool_connections', { state }));
    expect(open[0] + open[1]).toBeGreaterThan(0);
    expect(sampleSum(text, 'mazad_queue_jobs', { queue: AUCTION_END_QUEUE, state: 'delayed' })).toBeGreaterThan(0);
    // Every queue the application registers, found without a list.
    const deliveries = DELIVERY_LANE_NAMES.map((lane) => DELIVERY_LANES[lane].name);
    for (const queue of [AUCTION_END_QUEUE, AUCTION_ARCHIVE_QUEUE, ...deliveries])
      expect(text).toContain(`mazad_queue_jobs{queue="${queue}",state="waiting"}`);
    expect(sampleSum(text, 'mazad_redis_command_seconds_count')).toBeGreaterThanOrEqual(3);
  });

  it('times how late a due job started (the end of an auction)', async () => {
    const auction = await createAuction(t, seller, { endsInSeconds: 1 });
    await eventually(async () => (await reloadAuction(t, auction.id)).status !== AuctionStatus.Active);
    const text = await scrape();
    expect(sampleSum(text, 'mazad_queue_job_delay_seconds_count', { queue: AUCTION_END_QUEUE })).toBeGreaterThan(0);
  });

  it('closes its listener with the application', async () => {
    await t.close();
    t = undefined!;
    await expect(scrape()).rejects.toThrow();
  });
});
