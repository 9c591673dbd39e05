import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { recordDeploymentKind, recordedDeploymentKind } from '../src/infrastructure/database/deployment-kind';
import { createRunDatabase, dropRunDatabase } from './setup/test-services';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp, testEnvironment } from './support/test-app';
import { createUser } from './support/users';

const CLI = resolve(__dirname, '..', 'dist', 'load-test-cli.js');

interface Fixtures {
  baseUrl: string;
  auctionId: string;
  sellerId: string;
  members: { id: string; token: string }[];
}

/**
 * `npm run load:prepare` / `load:clean`: the compiled command (dist/load-test-cli.js, built by
 * `npm test` before the integration suites) run as the user runs it, in a database of its own —
 * the deployment mark is one row per database, and clean removes every load-test member it finds.
 */
describe('load-test fixtures (npm run load:prepare / load:clean)', () => {
  let db: { name: string; url: string };
  let t: TestApp;
  let scratch: string;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
    t.app.get(DataSource).query(text, params);
  const loadTestMembers = async () =>
    (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE registration_source = 'load-test'`))[0].n;

  /** The command with the test server's settings; resolves with its exit code and output. */
  const command = async (...args: string[]) => {
    const env = {
      ...testEnvironment({ DATABASE_URL: db.url, UPLOAD_DIR: t.config.uploadDir }),
      PATH: process.env.PATH,
    };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const { code, stdout, stderr } = err as { code: number; stdout: string; stderr: string };
      return { code, stdout, stderr };
    }
  };
  const prepare = async (members: number, startingPrice = 1): Promise<Fixtures> => {
    const out = join(scratch, `fixtures-${Date.now()}.json`);
    const run = await command(
      'prepare',
      '--members',
      String(members),
      '--starting-price',
      String(startingPrice),
      '--duration',
      '1h',
      '--base-url',
      t.url,
      '--out',
      out,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(readFileSync(out, 'utf8'));
  };
  const bid = (token: string, auctionId: string, amount: number) =>
    t
      .http()
      .post(`/api/auctions/${auctionId}/bid`)
      .set({ Authorization: `Bearer ${token}` })
      .send({ amount });

  beforeAll(async () => {
    db = await createRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!);
    t = await startTestApp({ DATABASE_URL: db.url });
    scratch = mkdtempSync(join(tmpdir(), 'mazad-load-test-'));
  });
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await t?.close();
    await dropRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!, db.name);
  });

  it('refuses a database no server has marked, and one marked production (nothing written)', async () => {
    const out = join(scratch, 'refused.json');
    let run = await command('prepare', '--members', '2', '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/carries no deployment mark/);
    await recordDeploymentKind(t.app.get(DataSource), 'production');
    run = await command('prepare', '--members', '2', '--out', out);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is marked production/);
    expect((await command('clean')).code).toBe(1);
    expect(await loadTestMembers()).toBe(0);
  });

  it('keeps a production mark when a development server starts later', async () => {
    const ds = t.app.get(DataSource);
    await recordDeploymentKind(ds, 'development');
    expect(await recordedDeploymentKind(ds)).toBe('production');
    await sql(`UPDATE deployment SET kind = 'development'`); // the operator's deliberate re-mark
    await recordDeploymentKind(ds, 'load-test');
    expect(await recordedDeploymentKind(ds)).toBe('load-test');
  });

  it('prepares verified, marked members with working tokens and a hot auction, and cleans only them', async () => {
    // Someone else's data, which clean must leave alone.
    const seller = await createUser(t);
    const bidder = await createUser(t);
    const other = await createAuction(t, seller, { startingPrice: 10 });
    await bid(bidder.token, other.id, 11).expect(200);

    const fixtures = await prepare(3, 2);
    expect(fixtures.baseUrl).toBe(t.url);
    expect(fixtures.members).toHaveLength(3);
    const members = await sql<{ email: string; name: string; is_verified: boolean }>(
      `SELECT email, name, is_verified FROM users WHERE registration_source = 'load-test'`,
    );
    expect(members).toHaveLength(4); // the bidders and the hot auction's seller
    for (const m of members) {
      expect(m.email).toMatch(/@load-test\.mazad\.invalid$/);
      expect(m.name).toMatch(/\(اختبار حمل\)$/);
      expect(m.is_verified).toBe(true);
    }
    const auction = (await t.http().get(`/api/auctions/${fixtures.auctionId}`).expect(200)).body;
    expect(auction).toMatchObject({ status: 'نشط', startingPrice: 2, currentPrice: 2 });
    expect(auction.seller._id).toBe(fixtures.sellerId);
    expect(auction.title).toMatch(/\(اختبار حمل\)$/);
    const [image] = auction.images as string[];
    expect((await t.http().get(image)).status).toBe(200);
    // The tokens are the server's own: members bid with them.
    await bid(fixtures.members[0].token, fixtures.auctionId, 3).expect(200);
    await bid(fixtures.members[1].token, fixtures.auctionId, 4).expect(200);

    const clean = await command('clean');
    expect(clean).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/Removed 4 load-test members, 1 auctions and 2 bids/),
    });
    const left = await sql(
      `SELECT (SELECT count(*)::int FROM users WHERE registration_source = 'load-test') AS users,
              (SELECT count(*)::int FROM auctions WHERE id = $1) AS auctions,
              (SELECT count(*)::int FROM bids WHERE auction_id = $1) AS bids`,
      [fixtures.auctionId],
    );
    expect(left).toEqual([{ users: 0, auctions: 0, bids: 0 }]);
    expect((await t.http().get(image)).status).toBe(404);
    const kept = await sql(
      `SELECT a.current_price_fils::text AS price, (SELECT count(*)::int FROM bids WHERE auction_id = a.id) AS bids,
              (SELECT count(*)::int FROM users WHERE id = ANY($2)) AS users
         FROM auctions a WHERE a.id = $1`,
      [other.id, [seller.user.id, bidder.user.id]],
    );
    expect(kept).toEqual([{ price: '11000', bids: 1, users: 2 }]);
    expect((await command('clean')).stdout).toMatch(/Removed 0 load-test members/);
  });

  it('refuses to clean when a load-test member bid on an auction that is not a load-test one', async () => {
    const fixtures = await prepare(1);
    const other = await createAuction(t, await createUser(t), { startingPrice: 5 });
    await bid(fixtures.members[0].token, other.id, 6).expect(200);
    const run = await command('clean');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(other.id);
    expect(await loadTestMembers()).toBe(2);
  });
});
