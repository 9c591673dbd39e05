import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bell (docs/notifications.md): one row per notice. `dedupe_key` names the event the notice
 * is about (`outbid:<bidId>`, `ending-soon:<auctionId>`…); UNIQUE per member, so a notice is
 * created at most once whatever replica, retry or restart creates it again (INSERT … ON
 * CONFLICT DO NOTHING). `ending_soon_reminders` records the auctions whose "ending soon"
 * reminder ran, so the deadline sweep stops looking at them.
 */
export class Notifications1796200000000 implements MigrationInterface {
  name = 'Notifications1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL,
        payload jsonb NOT NULL,
        dedupe_key varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        UNIQUE (user_id, dedupe_key)
      )`);
    await q.query(`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`);
    await q.query(`
      CREATE TABLE ending_soon_reminders (
        auction_id uuid PRIMARY KEY REFERENCES auctions (id) ON DELETE CASCADE,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ending_soon_reminders`);
    await q.query(`DROP TABLE notifications`);
  }
}
