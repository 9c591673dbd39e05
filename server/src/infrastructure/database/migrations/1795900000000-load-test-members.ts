import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `users.load_test`: members an operator created for a load test (docs/adr/0013-load-test-fixtures-through-the-api.md).
 * The account check reads it with the token version, so the rate limits can exempt these members
 * and nobody else; the fixtures' clean-up removes exactly these rows. Members made earlier by the
 * load-test command (registration source `load-test` on the reserved `.invalid` domain) are marked.
 */
export class LoadTestMembers1795900000000 implements MigrationInterface {
  name = 'LoadTestMembers1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN load_test boolean NOT NULL DEFAULT false`);
    await q.query(
      `UPDATE users SET load_test = true
        WHERE registration_source = 'load-test' AND email LIKE '%@load-test.mazad.invalid'`,
    );
    await q.query(`CREATE INDEX users_load_test_idx ON users (id) WHERE load_test`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_load_test_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN load_test`);
  }
}
