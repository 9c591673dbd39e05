import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../src/auth/accounts/accounts.service';
import { dataSourceOptions } from '../src/infrastructure/database/data-source-options';
import { AccountStore, DELETED_USER_NAME } from '../src/users/store/account-store';

/**
 * The account store's security rules (server/src/users/store/account-store.ts) on the real
 * table: which writes bump the token version (exactly once) and which keep it, and what a
 * deletion keeps and blanks.
 */
interface Row {
  name: string;
  email: string;
  phone: string;
  location: string;
  password_hash: string;
  profile_image: string | null;
  telegram_chat_id: string | null;
  is_verified: boolean;
  is_admin: boolean;
  registration_source: string;
  load_test: boolean;
  token_version: number;
  deleted_at: Date | null;
}

describe('AccountStore', () => {
  let db: DataSource;
  let store: AccountStore;

  beforeAll(async () => {
    db = await new DataSource(dataSourceOptions(process.env.MAZAD_TEST_DATABASE_URL!, 2)).initialize();
    store = new AccountStore(db);
  });
  afterAll(() => db.destroy());

  const row = async (id: string): Promise<Row | undefined> =>
    (await db.query(`SELECT * FROM users WHERE id = $1`, [id]))[0];

  const member = (overrides: { registrationSource?: string } = {}) =>
    store.createMember({
      name: 'عضو',
      email: `store-${randomUUID()}@example.com`,
      phone: '0791234567',
      location: 'عمّان',
      passwordHash: 'old-hash',
      ...overrides,
    });

  /** How far `write` moves the member's token version. */
  const versionMove = async (id: string, write: () => Promise<unknown>) => {
    const before = (await row(id))!.token_version;
    await write();
    return (await row(id))!.token_version - before;
  };

  describe('token version', () => {
    it('moves by exactly one for each write that ends the sessions', async () => {
      const id = await member();
      expect(await versionMove(id, () => store.endSessions(id))).toBe(1);
      expect(await versionMove(id, () => store.changePassword(db, id, 'own-change'))).toBe(1);
      expect(await versionMove(id, () => store.resetPassword(id, 'reset'))).toBe(1);
      expect(await versionMove(id, () => store.setPasswordByOperator(db, id, 'operator'))).toBe(1);
      expect(await versionMove(id, () => db.transaction((tx) => store.anonymise(tx, id)))).toBe(1);
    });

    it('stays for every other write', async () => {
      const id = await member();
      const writes = [
        () => store.markVerified(id),
        () => store.rehashPassword(db, id, 'same-password-new-hash'),
        () => store.setEmail(id, `moved-${randomUUID()}@example.com`),
        () => store.linkTelegram(id, '12345'),
        () =>
          db.transaction((tx) =>
            store.updateProfile(tx, id, { name: 'ب', phone: '0790000000', location: 'إربد' }, true),
          ),
        () => db.transaction((tx) => store.setProfileImage(tx, id, '/uploads/a.webp')),
        () => store.promoteBootstrappedAdmin(id, 'math_verification'),
      ];
      for (const write of writes) expect(await versionMove(id, write)).toBe(0);
    });

    it('a new password is stored with it; a reset also verifies the account', async () => {
      const id = await member();
      await store.changePassword(db, id, 'changed');
      expect(await row(id)).toMatchObject({ password_hash: 'changed', is_verified: false });
      expect(await store.resetPassword(id, 'reset')).toBe(true);
      expect(await row(id)).toMatchObject({ password_hash: 'reset', is_verified: true });
      expect(await store.setPasswordByOperator(db, id, 'operator')).toBe(true);
      expect(await row(id)).toMatchObject({ password_hash: 'operator' });
    });

    it('the demo seed only follows DEMO_PASSWORD on the rows it marked', async () => {
      const id = await member({ registrationSource: 'demo' });
      const only = (registrationSource: string) => () => store.changePassword(db, id, 'demo', { registrationSource });
      expect(await versionMove(id, only('someone-else'))).toBe(0);
      expect((await row(id))!.password_hash).toBe('old-hash');
      expect(await versionMove(id, only('demo'))).toBe(1);
    });
  });

  describe('deletion', () => {
    it('keeps the row and its id, and blanks everything else', async () => {
      const id = await member();
      await store.linkTelegram(id, '12345');
      await db.transaction((tx) => store.setProfileImage(tx, id, '/uploads/a.webp'));
      await store.markVerified(id);
      await db.transaction((tx) => store.anonymise(tx, id));
      const deleted = await row(id);
      expect(deleted).toMatchObject({
        name: DELETED_USER_NAME,
        email: `deleted-${id}@deleted.invalid`,
        phone: '',
        location: '',
        password_hash: '!deleted',
        profile_image: null,
        telegram_chat_id: null,
        is_verified: false,
        is_admin: false,
      });
      expect(deleted!.deleted_at).toBeInstanceOf(Date);
    });

    it('a deleted row never takes a password again (reset, operator)', async () => {
      const id = await member();
      await db.transaction((tx) => store.anonymise(tx, id));
      const tombstone = await row(id);
      expect(await store.resetPassword(id, 'reset')).toBe(false);
      expect(await store.setPasswordByOperator(db, id, 'operator')).toBe(false);
      expect(await row(id)).toEqual(tombstone);
    });
  });

  describe('creation', () => {
    it('a member starts unverified, not admin, with the default registration source', async () => {
      const id = await member();
      expect(await row(id)).toMatchObject({
        is_verified: false,
        is_admin: false,
        registration_source: 'math_verification',
        load_test: false,
        token_version: 0,
        deleted_at: null,
      });
    });

    it('a taken email is a unique violation for a member, and left alone by a provided account', async () => {
      const id = await member();
      const { email } = (await row(id))!;
      const taken = { name: 'x', email, phone: '', location: '', passwordHash: 'h' };
      const refusal = await store.createMember(taken).catch((err: unknown) => err);
      expect(isUniqueViolation(refusal)).toBe(true);
      const provided = { ...taken, registrationSource: 'admin_bootstrap', isAdmin: true };
      expect(await store.provideAccount(db, provided)).toBeNull();
      expect(await row(id)).toMatchObject({ is_admin: false, password_hash: 'old-hash' });

      const fresh = await store.provideAccount(db, { ...provided, email: `boot-${randomUUID()}@example.com` });
      expect(await row(fresh!)).toMatchObject({
        is_verified: true,
        is_admin: true,
        registration_source: 'admin_bootstrap',
      });
    });

    it('the bootstrap promotes only the accounts it created', async () => {
      const id = await member();
      await store.promoteBootstrappedAdmin(id, 'admin_bootstrap');
      expect((await row(id))!.is_admin).toBe(false);
    });

    it('purge removes load-test rows outright', async () => {
      const id = await member({ registrationSource: 'load-test' });
      await db.transaction((tx) => store.purge(tx, [id]));
      expect(await row(id)).toBeUndefined();
    });
  });
});
