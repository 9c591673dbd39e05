import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Logout's deny list, in PostgreSQL beside the token version so that a Redis flush cannot bring
 * a logged-out token back: one row per revoked token id (`jti`, or `<sub>.<iat>` for tokens
 * signed before jti existed) until the token's own expiry. Read in the account check's one
 * statement (by id, the primary key) and pruned by expiry.
 */
export class RevokedTokens1795840000000 implements MigrationInterface {
  name = 'RevokedTokens1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE revoked_tokens (
        jti varchar(200) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX revoked_tokens_expires_at_idx ON revoked_tokens (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revoked_tokens`);
  }
}
