import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The watchlist (docs/auctions.md, "Watchlist"): one row per member and auction they save or
 * bid on. The primary key (auction_id, user_id) makes a save idempotent under parallel requests
 * (INSERT … ON CONFLICT DO NOTHING) and answers an auction's `watchCount` by an index-only scan;
 * the second index serves a member's list, most recently saved first. Rows go with the member
 * or the auction (ON DELETE CASCADE), so no write to `auctions` is ever needed.
 */
export class AuctionWatches1796000000000 implements MigrationInterface {
  name = 'AuctionWatches1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auction_watches (
        auction_id uuid NOT NULL REFERENCES auctions (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (auction_id, user_id)
      )`);
    await q.query(
      `CREATE INDEX auction_watches_user_idx ON auction_watches (user_id, created_at DESC, auction_id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auction_watches`);
  }
}
