import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/config/app-config';
import { recordDeploymentKind, recordedDeploymentKind } from '../src/infrastructure/database/deployment-kind';
import { LoadTestCliModule } from '../src/load-test-cli.module';
import { LoadTestFixturesService, LoadTestRefusal } from '../src/load-test/load-test-fixtures.service';
import { createRunDatabase, dropRunDatabase } from './setup/test-services';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp, testEnvironment } from './support/test-app';
import { createUser } from './support/users';

/**
 * `npm run load:prepare` / `load:clean` (the same Nest context the command boots), in a database
 * of their own: the deployment mark is one row per database, and clean removes every load-test
 * member it finds.
 */
describe('load-test fixtures (npm run load:prepare / load:clean)', () => {
  let db: { name: string; url: string };
  let t: TestApp;
  let context: INestApplicationContext;
  let fixtures: LoadTestFixturesService;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    t.app.get(DataSource).query(text, params);
  const setKind = (kind: string) => sql(`UPDATE deployment SET kind = $1`, [kind]);

  beforeAll(async () => {
    db = await createRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!);
    t = await startTestApp({ DATABASE_URL: db.url });
    const config = AppConfig.fromEnvironment(testEnvironment({ DATABASE_URL: db.url, UPLOAD_DIR: t.config.uploadDir }));
    context = await NestFactory.createApplicationContext(LoadTestCliModule.forRoot(config), { logger: false });
    fixtures = context.get(LoadTestFixturesService);
  });
  afterAll(async () => {
    await context?.close();
    await t?.close();
    await dropRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!, db.name);
  });

  it('refuses a database no server has marked, and one marked production (nothing written)', async () => {
    await expect(fixtures.prepare({ members: 2, startingPrice: 1, duration: '1h' })).rejects.toThrow(LoadTestRefusal);
    await recordDeploymentKind(t.app.get(DataSource), 'production');
    await expect(fixtures.prepare({ members: 2, startingPrice: 1, duration: '1h' })).rejects.toThrow(/production/);
    await expect(fixtures.clean()).rejects.toThrow(LoadTestRefusal);
    const [{ count }] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE registration_source = 'load-test'`,
    );
    expect(count).toBe(0);
  });

  it('keeps a production mark when a development server starts later', async () => {
    const ds = t.app.get(DataSource);
    await recordDeploymentKind(ds, 'development');
    expect(await recordedDeploymentKind(ds)).toBe('production');
    await setKind('development'); // the operator's deliberate re-mark (docs/configuration.md)
    await recordDeploymentKind(ds, 'load-test');
    expect(await recordedDeploymentKind(ds)).toBe('load-test');
  });

  it('prepares verified, marked members with working tokens and a hot auction, and cleans only them', async () => {
    await setKind('development');
    // Someone else's data, which clean must leave alone.
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const other = await createAuction(t, seller, { startingPrice: 10 });
    await t.http().post(`/api/auctions/${other.id}/bid`).set(bidder.auth).send({ amount: 11 }).expect(200);

    const prepared = await fixtures.prepare({ members: 3, startingPrice: 2, duration: '1h' });
    expect(prepared.members).toHaveLength(3);
    const members = await sql<{ id: string; email: string; name: string; is_verified: boolean }>(
      `SELECT id, email, name, is_verified FROM users WHERE registration_source = 'load-test' ORDER BY email`,
    );
    expect(members).toHaveLength(4); // the bidders and the hot auction's seller
    for (const m of members) {
      expect(m.email).toMatch(/@load-test\.mazad\.invalid$/);
      expect(m.name).toMatch(/\(اختبار حمل\)$/);
      expect(m.is_verified).toBe(true);
    }
    const auction = (await t.http().get(`/api/auctions/${prepared.auctionId}`).expect(200)).body;
    expect(auction).toMatchObject({ status: 'نشط', startingPrice: 2, currentPrice: 2 });
    expect(auction.seller._id).toBe(prepared.sellerId);
    expect(auction.title).toMatch(/\(اختبار حمل\)$/);
    // The tokens are the server's own: a member bids with one.
    const [first, second] = prepared.members;
    const auth = (m: { token: string }) => ({ Authorization: `Bearer ${m.token}` });
    await t.http().post(`/api/auctions/${prepared.auctionId}/bid`).set(auth(first)).send({ amount: 3 }).expect(200);
    await t.http().post(`/api/auctions/${prepared.auctionId}/bid`).set(auth(second)).send({ amount: 4 }).expect(200);

    expect(await fixtures.clean()).toEqual({ members: 4, auctions: 1, bids: 2 });
    const left = await sql<{ users: number; auctions: number; bids: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE registration_source = 'load-test') AS users,
              (SELECT count(*)::int FROM auctions WHERE id = $1) AS auctions,
              (SELECT count(*)::int FROM bids WHERE auction_id = $1) AS bids`,
      [prepared.auctionId],
    );
    expect(left[0]).toEqual({ users: 0, auctions: 0, bids: 0 });
    const kept = await sql<{ price: string; bids: number; users: number }>(
      `SELECT a.current_price_fils::text AS price, (SELECT count(*)::int FROM bids WHERE auction_id = a.id) AS bids,
              (SELECT count(*)::int FROM users WHERE id = ANY($2)) AS users
         FROM auctions a WHERE a.id = $1`,
      [other.id, [seller.user.id, bidder.user.id]],
    );
    expect(kept).toEqual([{ price: '11000', bids: 1, users: 2 }]);
    expect(await fixtures.clean()).toEqual({ members: 0, auctions: 0, bids: 0 });
  });

  it('refuses to clean when a load-test member bid on an auction that is not a load-test one', async () => {
    const prepared = await fixtures.prepare({ members: 1, startingPrice: 1, duration: '1h' });
    const seller = await createUser(t);
    const other = await createAuction(t, seller, { startingPrice: 5 });
    await t
      .http()
      .post(`/api/auctions/${other.id}/bid`)
      .set({ Authorization: `Bearer ${prepared.members[0].token}` })
      .send({ amount: 6 })
      .expect(200);
    await expect(fixtures.clean()).rejects.toThrow(other.id);
    const [{ count }] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM users WHERE registration_source = 'load-test'`,
    );
    expect(count).toBe(2);
  });
});
