import * as argon2 from 'argon2';
import { DataSource } from 'typeorm';
import { ARGON2_OPTIONS } from '../../src/auth/passwords/password.service';
import { DEMO_MEMBERS, DEMO_REGISTRATION_SOURCE } from '../../src/seed/demo-members';
import { createRunDatabase, dropRunDatabase } from '../setup/test-services';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * R-PASSWORD-HASH (docs/security.md, "Logs and headers"): the demo members shared one salt and one hash made with other
 * argon2 settings (a timing oracle: their logins took another time than real members'). Each
 * is now hashed by the product's PasswordService, with its own salt, and older seeds' hashes
 * are replaced at the next start.
 */
const DEMO_PASSWORD = 'demo-password-for-hash-tests';
/** The parameters a PHC string carries, e.g. `$argon2id$v=19$m=19456,p=1,t=2$salt$hash`. */
const paramsOf = (hash: string) => {
  const [, type, , params] = hash.split('$');
  return { type, ...Object.fromEntries(params.split(',').map((kv) => [kv.split('=')[0], Number(kv.split('=')[1])])) };
};
const PRODUCT = {
  type: 'argon2id',
  m: ARGON2_OPTIONS.memoryCost,
  t: ARGON2_OPTIONS.timeCost,
  p: ARGON2_OPTIONS.parallelism,
};
const EMAILS = DEMO_MEMBERS.map((m) => m.email);

describe('security: demo members are hashed like everyone else', () => {
  let db: { name: string; url: string };
  const admin = process.env.MAZAD_TEST_ADMIN_DATABASE_URL!;
  beforeAll(async () => {
    db = await createRunDatabase(admin);
  });
  afterAll(() => dropRunDatabase(admin, db.name));

  const rows = (t: TestApp): Promise<{ email: string; password_hash: string; token_version: number }[]> =>
    t.app
      .get(DataSource)
      .query('SELECT email, password_hash, token_version FROM users WHERE email = ANY($1) ORDER BY email', [EMAILS]);

  function expectOwnHashes(found: { password_hash: string }[]) {
    expect(found).toHaveLength(DEMO_MEMBERS.length);
    const hashes = found.map((r) => r.password_hash);
    const salts = hashes.map((h) => h.split('$')[4]);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(new Set(salts).size).toBe(salts.length);
    for (const hash of hashes) expect(paramsOf(hash)).toEqual(PRODUCT);
  }

  it('a fresh seed hashes each member with the product settings and its own salt', async () => {
    const seeded = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_PASSWORD });
    try {
      expectOwnHashes(await rows(seeded));
    } finally {
      await seeded.close();
    }
  });

  it('an older seed’s shared hash (other settings, one salt) is replaced by one product hash per member; sessions stay', async () => {
    // The demo rows as an older seed stored them: one hash for all, the library's default settings.
    const bare = await startTestApp({ DATABASE_URL: db.url });
    const shared = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
    expect(paramsOf(shared)).not.toEqual(PRODUCT);
    await bare.app
      .get(DataSource)
      .query('UPDATE users SET password_hash = $1 WHERE email = ANY($2) AND registration_source = $3', [
        shared,
        EMAILS,
        DEMO_REGISTRATION_SOURCE,
      ]);
    expect((await rows(bare)).every((r) => r.password_hash === shared)).toBe(true);
    await bare.close();

    const seeded = await startTestApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_PASSWORD });
    try {
      const found = await rows(seeded);
      expectOwnHashes(found);
      for (const row of found) {
        expect(await argon2.verify(row.password_hash, DEMO_PASSWORD)).toBe(true);
        expect(row.token_version).toBe(0); // same password: nobody was logged out
      }
    } finally {
      await seeded.close();
    }
  });
});
