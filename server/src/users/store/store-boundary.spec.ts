import { join, sep } from 'node:path';
import { tableWrites, writesOutside } from '../../../test/support/table-writes';

/**
 * The account store is the only writer of `users`: outside server/src/users/store/, no source
 * may hold SQL that writes the table or a TypeORM write on UserEntity (the scan:
 * server/test/support/table-writes.ts), so the token version and the deletion rules
 * (account-store.ts) have one place. Exempt: the migrations (they change the schema before any
 * server runs, and stay as written) and redact.spec.ts, which quotes a failed INSERT as the text
 * its log serialiser must redact and runs no SQL.
 */
const SRC = join(__dirname, '..', '..');
const USERS = { table: 'users', entity: 'UserEntity' };
const EXEMPT = [
  join('users', 'store') + sep,
  join('infrastructure', 'database', 'migrations') + sep,
  join('infrastructure', 'logging', 'redact.spec.ts'),
];
const userWrites = (text: string) => tableWrites(text, USERS);

describe('account store boundary', () => {
  it('no source outside the store writes the users table', () => {
    expect(writesOutside(SRC, USERS, EXEMPT)).toEqual([]);
  });

  it('recognises each kind of write, and lets reads through', () => {
    const writes = [
      'manager.query(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`)',
      'query(`update "users" u set name = $2`)',
      '`INSERT INTO public.users (name, email) VALUES ($1, $2)`',
      '`DELETE FROM users WHERE id = ANY($1::uuid[])`',
      'manager.delete(UserEntity, { id: In(ours) })',
      'this.db.getRepository(UserEntity).update({ id }, { isVerified: true })',
      'const repo = m.getRepository(UserEntity);\nawait repo.update({ id: userId }, { profileImage });',
      '@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>;\nthis.users.save(row);',
      'qb.update(UserEntity).set({ isAdmin: true }).execute()',
      'qb.insert().into(UserEntity).values(row)',
    ];
    for (const text of writes) expect({ text, found: userWrites(text).length > 0 }).toEqual({ text, found: true });

    const reads = [
      'db.query(`SELECT id FROM users WHERE email = $1`)',
      '`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`',
      '`UPDATE bids b SET is_cancelled = true FROM users u WHERE u.id = b.bidder_id`',
      '`INSERT INTO user_notice_preferences (user_id) VALUES ($1)`',
      '`DELETE FROM users_archive WHERE id = $1`',
      'const repo = m.getRepository(UserEntity);\nawait repo.findOne({ where: { id }, lock: { mode: "pessimistic_write" } });',
      '@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>;\nthis.users.query(SQL, [ids]);',
    ];
    for (const text of reads) expect({ text, found: userWrites(text) }).toEqual({ text, found: [] });
  });
});
