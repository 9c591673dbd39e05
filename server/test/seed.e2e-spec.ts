import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { DemoSeedService } from '../src/seed/demo-seed.service';
import { DEMO_MEMBERS, DEMO_REGISTRATION_SOURCE } from '../src/seed/demo-members';
import { createRunDatabase, dropRunDatabase } from './setup/test-services';
import { startTestApp, TestApp } from './support/test-app';

const DEMO_PASSWORD = 'demo-password-for-tests';
const DEMO_EMAILS = DEMO_MEMBERS.map((m) => m.email);

interface Row {
  email: string;
  name: string;
  is_verified: boolean;
  is_admin: boolean;
  registration_source: string;
  password_hash: string;
}

/** The seed runs in a database of its own, so the demo members do not show up in other suites. */
describe('demo seed (SEED_DEMO=true)', () => {
  let db: { name: string; url: string };
  let first: TestApp;
  let second: TestApp | undefined;

  const demoRows = (t: TestApp): Promise<Row[]> =>
    t.app
      .get(DataSource)
      .query(
        `SELECT email, name, is_verified, is_admin, registration_source, password_hash FROM users WHERE email = ANY($1) ORDER BY email`,
        [DEMO_EMAILS],
      );

  beforeAll(async () => {
    db = await createRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!);
    first = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_PASSWORD });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await dropRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!, db.name);
  });

  it('creates the demo members at start-up: verified, not admins, clearly marked demo', async () => {
    const rows = await demoRows(first);
    expect(rows.map((r) => r.email)).toEqual([...DEMO_EMAILS].sort());
    for (const row of rows) {
      expect(row.name).toMatch(/\(تجريبي\)$/);
      expect(row.email).toMatch(/@mazad\.demo$/);
      expect(row.is_verified).toBe(true);
      expect(row.is_admin).toBe(false);
      expect(row.registration_source).toBe(DEMO_REGISTRATION_SOURCE);
      expect(await argon2.verify(row.password_hash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('creates them once, however often and however concurrently it runs', async () => {
    const before = await demoRows(first);
    // A second replica starting on the same database, plus parallel explicit runs.
    second = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_PASSWORD });
    const seed = first.app.get(DemoSeedService);
    const results = await Promise.all([seed.run(), seed.run(), second.app.get(DemoSeedService).run()]);
    const after = await demoRows(first);
    expect(after).toHaveLength(DEMO_MEMBERS.length);
    // Same password: the members are left exactly as they were.
    expect(after.map((r) => r.password_hash)).toEqual(before.map((r) => r.password_hash));
    for (const members of results) expect([...members.keys()].sort()).toEqual(DEMO_MEMBERS.map((m) => m.key).sort());
  });

  it('lists demo auctions once: marked demo, with a stored image, prices matching their bids', async () => {
    const ds = first.app.get(DataSource);
    const auctions = await ds.query(
      `SELECT a.id, a.title, a.images, a.current_price_fils::bigint AS price, a.starting_price_fils::bigint AS start, a.bid_count,
              (SELECT max(amount_fils)::bigint FROM bids b WHERE b.auction_id = a.id) AS top,
              (SELECT count(*)::int FROM bids b WHERE b.auction_id = a.id) AS bids
         FROM auctions a JOIN users u ON u.id = a.seller_id WHERE u.email = ANY($1)`,
      [DEMO_EMAILS],
    );
    expect(auctions.length).toBeGreaterThanOrEqual(6);
    for (const a of auctions) {
      expect(a.title).toMatch(/\(تجريبي\)$/);
      expect(a.images).toHaveLength(1);
      await first.http().get(a.images[0]).expect(200);
      expect(a.bid_count).toBe(a.bids);
      expect(Number(a.price)).toBe(a.bids > 0 ? Number(a.top) : Number(a.start));
    }
    // Running the seed again (the previous test started a second replica too) adds nothing.
    await first.app.get(DemoSeedService).run();
    const [{ count }] = await ds.query(`SELECT count(*)::int AS count FROM auctions`);
    expect(count).toBe(auctions.length);
    const list = await first.http().get('/api/auctions?limit=50').expect(200);
    expect(list.body.pagination.total).toBe(auctions.length);
  });

  it('follows a new DEMO_PASSWORD, so the password npm start prints always works', async () => {
    const ds = first.app.get(DataSource);
    const [{ token_version: before }] = await ds.query(
      `SELECT token_version FROM users WHERE email = 'sara@mazad.demo'`,
    );
    const third = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_PASSWORD: 'a-new-demo-password' });
    try {
      const rows = await demoRows(first);
      expect(rows).toHaveLength(DEMO_MEMBERS.length);
      for (const row of rows) {
        expect(await argon2.verify(row.password_hash, 'a-new-demo-password')).toBe(true);
        expect(await argon2.verify(row.password_hash, DEMO_PASSWORD)).toBe(false);
      }
      const [{ token_version: after }] = await ds.query(
        `SELECT token_version FROM users WHERE email = 'sara@mazad.demo'`,
      );
      expect(after).toBe(before + 1); // sessions signed with the old password end
    } finally {
      await third.close();
    }
  });

  it('leaves an account that merely uses a demo email alone', async () => {
    const ds = first.app.get(DataSource);
    // Omar's demo listings and bids go first (they reference the account).
    const [{ id: omarId }] = await ds.query(`SELECT id FROM users WHERE email = 'omar@mazad.demo'`);
    await ds.query(
      `DELETE FROM bids WHERE bidder_id = $1 OR auction_id IN (SELECT id FROM auctions WHERE seller_id = $1)`,
      [omarId],
    );
    await ds.query(`DELETE FROM auctions WHERE seller_id = $1`, [omarId]);
    await ds.query(`DELETE FROM users WHERE email = $1`, ['omar@mazad.demo']);
    await ds.query(
      `INSERT INTO users (name, email, phone, location, password_hash) VALUES ('عمر الحقيقي', 'omar@mazad.demo', '0790000000', 'عمّان', 'x')`,
    );
    await first.app.get(DemoSeedService).run();
    const [omar] = await ds.query(`SELECT name, password_hash, is_verified FROM users WHERE email = 'omar@mazad.demo'`);
    expect(omar).toEqual({ name: 'عمر الحقيقي', password_hash: 'x', is_verified: false });
  });
});

describe('demo seed: the demo admin of npm start', () => {
  let db: { name: string; url: string };
  const admin = (email: string, password: string, source = 'admin_bootstrap') =>
    argon2.hash(password, { type: argon2.argon2id }).then((hash) => [email, hash, source]);

  beforeAll(async () => {
    db = await createRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!);
  });
  afterAll(() => dropRunDatabase(process.env.MAZAD_TEST_ADMIN_DATABASE_URL!, db.name));

  it('keeps the demo admin password equal to ADMIN_PASSWORD, and leaves real administrators alone', async () => {
    const t = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'false' });
    const ds = t.app.get(DataSource);
    for (const [email, hash, source] of [
      await admin('admin@mazad.demo', 'old-demo-admin-password'),
      await admin('boss@example.com', 'real-admin-password'),
      await admin('ops@mazad.demo', 'registered-password', 'math_verification'),
    ]) {
      await ds.query(
        `INSERT INTO users (name, email, phone, location, password_hash, is_verified, is_admin, registration_source)
         VALUES ('مدير', $1, '', 'عمّان', $2, true, true, $3)`,
        [email, hash, source],
      );
    }
    await t.close();

    const hashOf = async (ds: DataSource, email: string): Promise<string> =>
      (await ds.query(`SELECT password_hash FROM users WHERE email = $1`, [email]))[0].password_hash;
    const seedWith = (adminEmail: string, adminPassword: string) =>
      startTestApp({
        DATABASE_URL: db.url,
        SEED_DEMO: 'true',
        DEMO_PASSWORD,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        ADMIN_PANEL_PASSWORD: 'panel-password-123',
      });

    let app = await seedWith('admin@mazad.demo', 'new-demo-admin-password');
    let ds2 = app.app.get(DataSource);
    expect(await argon2.verify(await hashOf(ds2, 'admin@mazad.demo'), 'new-demo-admin-password')).toBe(true);
    await app.close();

    // Not a demo address, or not created by the admin bootstrap: never rewritten.
    for (const [email, kept] of [
      ['boss@example.com', 'real-admin-password'],
      ['ops@mazad.demo', 'registered-password'],
    ]) {
      app = await seedWith(email, 'something-else-entirely');
      ds2 = app.app.get(DataSource);
      expect(await argon2.verify(await hashOf(ds2, email), kept)).toBe(true);
      await app.close();
    }
  });
});

describe('demo seed (SEED_DEMO=false, the server default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(() => t.close());

  it('creates no demo members', async () => {
    const rows = await t.app.get(DataSource).query(`SELECT email FROM users WHERE email = ANY($1)`, [DEMO_EMAILS]);
    expect(rows).toEqual([]);
  });
});
