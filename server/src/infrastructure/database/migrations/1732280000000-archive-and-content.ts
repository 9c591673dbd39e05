import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_SITE_BANNER, DEFAULT_SITE_FEATURES } from '../seed-data/site-content';

/**
 * The archive, deleted members and the site content.
 *
 * - Archiving keeps the auction row (its bids, messages and ratings stay linked to it) and
 *   stamps `archived_at`; live lists skip archived rows (docs/after-sale.md). Partial indexes
 *   serve the archive sweep (ended, not yet archived) and the archive pages (per seller, per
 *   winner).
 * - Deleting a member anonymises the row and stamps `deleted_at` instead of removing it, so
 *   every bid, message, rating and auction that references it stays valid
 *   (docs/adr/0006-admin-deletes.md).
 * - Site content: one main banner row, feature cards, one announcement row. The banner and
 *   the three feature cards start with the product's defaults.
 */
export class ArchiveAndContent1732280000000 implements MigrationInterface {
  name = 'ArchiveAndContent1732280000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auctions ADD COLUMN archived_at timestamptz`);
    await q.query(
      `CREATE INDEX auctions_archive_due_idx ON auctions (ended_at) WHERE archived_at IS NULL AND status IN ('مباع', 'غير مباع')`,
    );
    await q.query(
      `CREATE INDEX auctions_seller_archived_idx ON auctions (seller_id, archived_at DESC) WHERE archived_at IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX auctions_winner_archived_idx ON auctions (winner_id, archived_at DESC) WHERE archived_at IS NOT NULL`,
    );

    await q.query(`ALTER TABLE users ADD COLUMN deleted_at timestamptz`);

    await q.query(`
      CREATE TABLE site_banner (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        title varchar(150) NOT NULL,
        subtitle varchar(300) NOT NULL DEFAULT '',
        description varchar(1000) NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO site_banner (title, subtitle, description) VALUES ($1, $2, $3)`, [
      DEFAULT_SITE_BANNER.title,
      DEFAULT_SITE_BANNER.subtitle,
      DEFAULT_SITE_BANNER.description,
    ]);

    await q.query(`
      CREATE TABLE site_features (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        icon varchar(16) NOT NULL,
        title varchar(100) NOT NULL,
        description varchar(500) NOT NULL,
        "order" integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const [order, feature] of DEFAULT_SITE_FEATURES.entries()) {
      await q.query(`INSERT INTO site_features (icon, title, description, "order") VALUES ($1, $2, $3, $4)`, [
        feature.icon,
        feature.title,
        feature.description,
        order,
      ]);
    }

    await q.query(`
      CREATE TABLE announcement_content (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        title varchar(200) NOT NULL,
        description varchar(5000) NOT NULL DEFAULT '',
        images text[] NOT NULL DEFAULT '{}',
        schedule_date varchar(100) NOT NULL DEFAULT '',
        schedule_start_time varchar(50) NOT NULL DEFAULT '',
        schedule_end_time varchar(50) NOT NULL DEFAULT '',
        schedule_details varchar(2000) NOT NULL DEFAULT '',
        additional_info varchar(5000) NOT NULL DEFAULT '',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE announcement_content`);
    await q.query(`DROP TABLE site_features`);
    await q.query(`DROP TABLE site_banner`);
    await q.query(`ALTER TABLE users DROP COLUMN deleted_at`);
    await q.query(`DROP INDEX auctions_winner_archived_idx`);
    await q.query(`DROP INDEX auctions_seller_archived_idx`);
    await q.query(`DROP INDEX auctions_archive_due_idx`);
    await q.query(`ALTER TABLE auctions DROP COLUMN archived_at`);
  }
}
