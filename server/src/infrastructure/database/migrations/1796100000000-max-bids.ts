import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic bidding (R-MAX-BID): a member's secret maximum per auction (one each: a new one
 * replaces it, `seq` then moves to the end, since of equal maximums the one set first wins);
 * bids the engine placed for a maximum are marked `is_automatic`; `max_bids_version` moves with
 * every change of an auction's maximums, and the bid statement requires the version it judged
 * by, so a bid judged without a maximum set meanwhile is refused and judged again.
 */
export class MaxBids1796100000000 implements MigrationInterface {
  name = 'MaxBids1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE max_bids_seq`);
    await q.query(
      `CREATE TABLE max_bids (
         auction_id uuid NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
         user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
         amount_fils bigint NOT NULL CHECK (amount_fils > 0),
         set_at timestamptz NOT NULL DEFAULT now(),
         seq bigint NOT NULL DEFAULT nextval('max_bids_seq'),
         PRIMARY KEY (auction_id, user_id)
       )`,
    );
    await q.query(`CREATE INDEX max_bids_user_idx ON max_bids (user_id)`);
    await q.query(`ALTER TABLE bids ADD COLUMN is_automatic boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE auctions ADD COLUMN max_bids_version integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auctions DROP COLUMN max_bids_version`);
    await q.query(`ALTER TABLE bids DROP COLUMN is_automatic`);
    await q.query(`DROP TABLE max_bids`);
    await q.query(`DROP SEQUENCE max_bids_seq`);
  }
}
