import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members a member blocked (R-BLOCK, docs/accounts.md "Blocking a member"): one row per pair.
 * The primary key (blocker_id, blocked_id) makes a block idempotent under parallel requests
 * (INSERT … ON CONFLICT DO NOTHING) and answers both the blocker's list and the bid engine's
 * read of a seller's blocks (BidWriter.loadState) by an index scan. Members are anonymised, not
 * deleted; the rows would go with them (ON DELETE CASCADE).
 */
export class MemberBlocks1796600000000 implements MigrationInterface {
  name = 'MemberBlocks1796600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE member_blocks (
        blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CONSTRAINT member_blocks_not_self CHECK (blocker_id <> blocked_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE member_blocks`);
  }
}
