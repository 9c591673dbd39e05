import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import { TokenService } from '../src/auth';
import { createAuction } from './support/auctions';
import { connectSocket } from './support/sockets';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

/**
 * Found by the chaos run (docs/reliability.md; PostgreSQL restarted mid-storm): a member socket that connects, or sends an
 * event, while the member cannot be read (the database is down) is refused — it must not take
 * the whole replica down with an unhandled rejection or an unlistened 'error' event.
 */
describe('realtime: member sockets while the database is down', () => {
  let t: TestApp;
  const crashes: unknown[] = [];
  const record = (err: unknown) => crashes.push(err);

  beforeAll(async () => {
    t = await startTestApp();
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('unhandledRejection', record);
    process.off('uncaughtException', record);
    await t.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const databaseDown = () =>
    jest.spyOn(TokenService.prototype, 'resolve').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('refuses the handshake (connect_error) and keeps running', async () => {
    const member = await createUser(t);
    databaseDown();
    const socket = io(t.url, {
      transports: ['websocket'],
      auth: { token: member.token },
      reconnection: false,
      forceNew: true,
    });
    try {
      const outcome = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('no answer'), 5_000);
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', () => {
          clearTimeout(timer);
          resolve('refused');
        });
      });
      expect(outcome).toBe('refused');
    } finally {
      socket.close();
    }
    await settle();
    expect(crashes).toEqual([]);
    jest.restoreAllMocks();
    await t.http().get('/api/health').expect(200);
  });

  it('drops an event it cannot authorise (no acknowledgement) and keeps running', async () => {
    const seller = await createUser(t);
    const member = await createUser(t);
    const a = await createAuction(t, seller, { startingPrice: 100 });
    const socket = await connectSocket(t.url, member.token);
    try {
      databaseDown();
      let acknowledged = false;
      socket.emit('place_bid', { auctionId: a.id, amount: 150, idempotencyKey: randomUUID() }, () => {
        acknowledged = true;
      });
      await settle();
      expect(acknowledged).toBe(false);
      expect(crashes).toEqual([]);
    } finally {
      socket.close();
    }
    jest.restoreAllMocks();
    await t.http().get('/api/health').expect(200);
  });
});
