import type { Socket } from 'socket.io-client';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { SOCKET_EVENT_BURST, SOCKET_REFUSALS_BEFORE_DISCONNECT } from '../../src/realtime/socket-event-rate';
import { createAuction } from '../support/auctions';
import { collect, connectSocket } from '../support/sockets';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

/**
 * Buy-now had no per-member rate (each attempt takes the auction's queue and lock) and a socket
 * could send events as fast as it liked (room joins, bids, anything). Now buy-now is limited per
 * member on both transports, and every socket has a token bucket for all its events.
 */
describe('security: buy-now per member and socket events per socket are rate-limited', () => {
  let t: TestApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const BUY_NOW_LIMIT = RATE_LIMIT_POLICIES['buy-now-member'].points;

  it(`buy-now: ${BUY_NOW_LIMIT} attempts per member a minute over HTTP and the socket together, then 429`, async () => {
    const seller = await createUser(t);
    const buyer = await createUser(t);
    // No buy-now price: every attempt is refused by the rules, but only after the rate counted it.
    // All at once, over three auctions: the rate counts the member's attempts on every auction,
    // and more than a member's share of one auction's queue would be refused before it counts
    // them (TOO_MANY_PENDING_BIDS, MEMBER_TICKETS_PER_AUCTION).
    const auctions = await Promise.all([1, 2, 3].map(() => createAuction(t, seller, { buyNowPrice: null })));
    const [auction] = auctions;
    const http = await Promise.all(
      Array.from({ length: BUY_NOW_LIMIT + 5 }, (_, i) =>
        t
          .http()
          .post(`/api/auctions/${auctions[i % 3].id}/buy-now`)
          .set(buyer.auth)
          .send({}),
      ),
    );
    const statuses = http.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BUY_NOW_LIMIT);
    const refused = http.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.body).toMatchObject({ code: 'BUY_NOW_RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(r.body.message).toMatch(/[\u0600-\u06FF]/);
    }

    // The socket's buy_now shares the member's count.
    const socket = await connectSocket(t.url, buyer.token);
    sockets.push(socket);
    const ack = await socket.timeout(5_000).emitWithAck('buy_now', { auctionId: auction.id });
    expect(ack).toMatchObject({ statusCode: 429, code: 'BUY_NOW_RATE_LIMITED' });
    // Another member is not affected.
    const other = await createUser(t);
    const theirs = await t.http().post(`/api/auctions/${auction.id}/buy-now`).set(other.auth).send({});
    expect(theirs.body.code).toBe('BUY_NOW_UNAVAILABLE');
  });

  it(`a socket gets a burst of ${SOCKET_EVENT_BURST} events; then refusals, and a socket that keeps on is disconnected`, async () => {
    const seller = await createUser(t);
    const auction = await createAuction(t, seller);
    const flooder = await connectSocket(t.url);
    const polite = await connectSocket(t.url);
    sockets.push(flooder, polite);
    const errors = collect<{ code: string; message: string }>(flooder, 'error');
    const closed = new Promise<string>((resolve) => flooder.once('disconnect', resolve));

    // The burst and a little more, each with an acknowledgement: refusals answer at once.
    const answers = await Promise.all(
      Array.from({ length: SOCKET_EVENT_BURST + 20 }, () =>
        flooder.timeout(5_000).emitWithAck('join_auction', auction.id),
      ),
    );
    const accepted = answers.filter((a) => (a as { ok?: boolean }).ok === true);
    expect(accepted.length).toBeGreaterThanOrEqual(SOCKET_EVENT_BURST);
    // A few tokens may come back while the burst is read (20 a second), not twenty.
    expect(accepted.length).toBeLessThan(SOCKET_EVENT_BURST + 20);
    const refused = answers.filter((a) => (a as { code?: string }).code === 'SOCKET_EVENT_RATE_LIMITED');
    expect(refused.length).toBe(answers.length - accepted.length);
    expect(refused[0]).toMatchObject({ statusCode: 429, message: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(errors.some((e) => e.code === 'SOCKET_EVENT_RATE_LIMITED')).toBe(true);

    // Ignoring the refusals: disconnected.
    for (let i = 0; i < SOCKET_REFUSALS_BEFORE_DISCONNECT + 50; i++) flooder.emit('join_auction', auction.id);
    expect(await closed).toBe('io server disconnect');

    // Another socket is not affected.
    await expect(polite.timeout(5_000).emitWithAck('join_auction', auction.id)).resolves.toMatchObject({ ok: true });
  });
});
