import { io, Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { ERROR_MESSAGES, type LoadTestFixtures, path, routes } from '@mazad/contracts';
import { recordDeploymentKind, recordedDeploymentKind } from '../src/infrastructure/database/deployment-kind';
import { RateLimitService } from '../src/infrastructure/rate-limit/rate-limit.service';
import { RATE_LIMIT_POLICIES } from '../src/infrastructure/rate-limit/rate-limit.policies';
import { createRunDatabase, dropRunDatabase } from './setup/test-services';
import { clientIp } from './support/auth';
import { createAuction, storedBids } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

const FIXTURES = routes.admin.loadTestPrepare.path;

/**
 * Load-test fixtures through the admin API (docs/adr/0013-load-test-fixtures-through-the-api.md)
 * and the rate-limit exemption of the members they make (R-RATE-LIMITS), in a database of its
 * own: the deployment mark is one row per database, and clean removes every marked member.
 */
describe('load-test fixtures (POST / DELETE /api/admin/load-test/fixtures)', () => {
  let db: { name: string; url: string };
  let t: TestApp;
  let admin: TestUser;
  const sockets: Socket[] = [];
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    t.app.get(DataSource).query(text, params);
  const markedMembers = async () =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE load_test`))[0].n;

  const prepare = (body: object, auth = admin.auth) => t.http().post(FIXTURES).set(auth).send(body);
  const clean = (auth = admin.auth) => t.http().delete(routes.admin.loadTestClean.path).set(auth);
  const bid = (token: string, auctionId: string, amount: number) =>
    t
      .http()
      .post(path(routes.bids.place, { id: auctionId }))
      .set({ Authorization: `Bearer ${token}` })
      .send({ amount });

  beforeAll(async () => {
    db = await createRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!);
    t = await startTestApp({ DATABASE_URL: db.url });
    admin = await createUser(t, { isAdmin: true, adminSession: true });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
    await dropRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!, db.name);
  });

  it('is for admin sessions only', async () => {
    const member = await createUser(t);
    const adminWithoutSession = await createUser(t, { isAdmin: true });
    for (const auth of [member.auth, adminWithoutSession.auth]) {
      expect((await prepare({ members: 1 }, auth).expect(403)).body.code).toBe('ADMIN_ONLY');
      expect((await clean(auth).expect(403)).body.code).toBe('ADMIN_ONLY');
    }
    await t.http().post(FIXTURES).send({ members: 1 }).expect(401);
    expect(await markedMembers()).toBe(0);
  });

  it('refuses a database no server has marked and one marked production, writing nothing', async () => {
    let refused = await prepare({ members: 2 }).expect(403);
    expect(refused.body).toMatchObject({
      code: 'LOAD_TEST_PRODUCTION',
      message: ERROR_MESSAGES.LOAD_TEST_PRODUCTION,
    });
    await recordDeploymentKind(t.app.get(DataSource), 'production');
    refused = await prepare({ members: 2 }).expect(403);
    expect(refused.body.code).toBe('LOAD_TEST_PRODUCTION');
    expect(await markedMembers()).toBe(0);
    // Clean touches only marked rows, so it answers on any deployment (here: nothing to remove).
    expect((await clean().expect(200)).body).toEqual({ success: true, removed: { members: 0, auctions: 0, bids: 0 } });
  });

  it('keeps a production mark when a development server starts later', async () => {
    const ds = t.app.get(DataSource);
    await recordDeploymentKind(ds, 'development');
    expect(await recordedDeploymentKind(ds)).toBe('production');
    await sql(`UPDATE deployment SET kind = 'development'`); // the operator's deliberate re-mark
    await recordDeploymentKind(ds, 'load-test');
    expect(await recordedDeploymentKind(ds)).toBe('load-test');
  });

  it('validates the request', async () => {
    const bad = await prepare({ members: 0, duration: 'forever' }).expect(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await prepare({ members: 1, duration: 'forever' }).expect(400)).body.errors).toEqual([
      expect.objectContaining({ field: 'duration' }),
    ]);
    expect(await markedMembers()).toBe(0);
  });

  it('makes marked, verified members with working tokens and M auctions, and cleans exactly them', async () => {
    // Someone else's data, which clean must leave alone.
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const other = await createAuction(t, seller, { startingPrice: 10 });
    await bid(bidder.token, other.id, 11).expect(200);

    const fixtures = (await prepare({ members: 3, auctions: 2, startingPrice: 2, duration: '1h' }).expect(200))
      .body as LoadTestFixtures;
    expect(fixtures.members).toHaveLength(3);
    expect(fixtures.auctionIds).toHaveLength(2);
    expect(fixtures.auctionId).toBe(fixtures.auctionIds[0]);
    const members = await sql<{ email: string; name: string; is_verified: boolean; load_test: boolean }>(
      `SELECT email, name, is_verified, load_test FROM users WHERE registration_source = 'load-test'`,
    );
    expect(members).toHaveLength(4); // the bidders and the auctions' seller
    for (const m of members) {
      expect(m).toMatchObject({ is_verified: true, load_test: true });
      expect(m.email).toMatch(/@load-test\.mazad\.invalid$/);
      expect(m.name).toMatch(/\(اختبار حمل\)$/);
    }
    const auction = (
      await t
        .http()
        .get(path(routes.auctions.get, { id: fixtures.auctionId }))
        .expect(200)
    ).body;
    expect(auction).toMatchObject({ status: 'نشط', startingPrice: 2, currentPrice: 2 });
    expect(auction.seller._id).toBe(fixtures.sellerId);
    const [image] = auction.images as string[];
    expect((await t.http().get(image)).status).toBe(200);
    // The tokens are the server's own: members bid with them.
    await bid(fixtures.members[0].token, fixtures.auctionIds[0], 3).expect(200);
    await bid(fixtures.members[1].token, fixtures.auctionIds[1], 4).expect(200);

    expect((await clean().expect(200)).body).toEqual({ success: true, removed: { members: 4, auctions: 2, bids: 2 } });
    const left = await sql(
      `SELECT (SELECT count(*)::int FROM users WHERE load_test) AS users,
              (SELECT count(*)::int FROM auctions WHERE id = ANY($1)) AS auctions,
              (SELECT count(*)::int FROM bids WHERE auction_id = ANY($1)) AS bids`,
      [fixtures.auctionIds],
    );
    expect(left).toEqual([{ users: 0, auctions: 0, bids: 0 }]);
    expect((await t.http().get(image)).status).toBe(404);
    const kept = await sql(
      `SELECT a.current_price_fils::text AS price, (SELECT count(*)::int FROM bids WHERE auction_id = a.id) AS bids,
              (SELECT count(*)::int FROM users WHERE id = ANY($2)) AS users
         FROM auctions a WHERE a.id = $1`,
      [other.id, [seller.user.id, bidder.user.id, admin.user.id]],
    );
    expect(kept).toEqual([{ price: '11000', bids: 1, users: 3 }]);
  });

  it('refuses to clean, removing nothing, when a load-test member bid on an auction that is not a load-test one', async () => {
    const fixtures = (await prepare({ members: 1 }).expect(200)).body as LoadTestFixtures;
    const other = await createAuction(t, await createUser(t), { startingPrice: 5 });
    await bid(fixtures.members[0].token, other.id, 6).expect(200);
    const refused = await clean().expect(409);
    expect(refused.body.code).toBe('LOAD_TEST_FOREIGN_BIDS');
    expect(refused.body.message).toContain(other.id);
    expect(await markedMembers()).toBe(2);
  });

  describe('rate limits (R-RATE-LIMITS): marked members are exempt, nobody else is', () => {
    let fixtures: LoadTestFixtures;
    let limits: RateLimitService;
    const { points } = RATE_LIMIT_POLICIES['bids-member'];

    beforeAll(async () => {
      fixtures = (await prepare({ members: 1, startingPrice: 1 }).expect(200)).body as LoadTestFixtures;
      limits = t.app.get(RateLimitService);
    });

    it('a marked member bids past the per-member bid limit; an unmarked member gets the Arabic 429', async () => {
      const [marked] = fixtures.members;
      await limits.penalize('bids-member', marked.id, points);
      await bid(marked.token, fixtures.auctionId, 2).expect(200);

      const unmarked = await createUser(t);
      await limits.penalize('bids-member', unmarked.user.id, points);
      const refused = await bid(unmarked.token, fixtures.auctionId, 3).expect(429);
      expect(refused.body).toMatchObject({ code: 'BID_RATE_LIMITED', message: ERROR_MESSAGES.BID_RATE_LIMITED });
      expect((await storedBids(t, fixtures.auctionId)).map((b) => b.amountFils)).toEqual([2000]);
    });

    it("a client header claiming a load test changes nothing: the exemption is the account's", async () => {
      const unmarked = await createUser(t);
      await limits.penalize('bids-member', unmarked.user.id, points);
      await bid(unmarked.token, fixtures.auctionId, 4)
        .set({ 'X-Load-Test': 'true', 'X-Mazad-Load-Test': '1' })
        .expect(429);
      // Marking the account in the database is what exempts it, on its very next request.
      await sql(`UPDATE users SET load_test = true WHERE id = $1`, [unmarked.user.id]);
      await bid(unmarked.token, fixtures.auctionId, 4).expect(200);
      await sql(`UPDATE users SET load_test = false WHERE id = $1`, [unmarked.user.id]);
    });

    it("a marked member's sockets pass an address's spent connection allowance; others' do not", async () => {
      const ip = clientIp();
      await limits.penalize('socket-connections-ip', ip, RATE_LIMIT_POLICIES['socket-connections-ip'].points);
      const connect = (token?: string) => {
        const socket = io(t.url, {
          transports: ['websocket'],
          extraHeaders: { 'X-Forwarded-For': ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        return new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('connect_error', () => resolve(false));
        });
      };
      expect(await connect(fixtures.members[0].token)).toBe(true);
      expect(await connect()).toBe(false);
      expect(await connect((await createUser(t)).token)).toBe(false);
      expect(await connect(`${fixtures.members[0].token}x`)).toBe(false); // a forged signature
    });
  });
});
