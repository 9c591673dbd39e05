import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ending-soon reminder in stages, one per lead time a member may choose (5, 15, 60 minutes;
 * docs/notifications.md): `ending_soon_reminders` records each stage that ran. Auctions reminded
 * before had every member reminded at once, so each of their stages counts as done.
 */
export class EndingSoonStages1796400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ending_soon_reminders ADD COLUMN lead_minutes smallint NOT NULL DEFAULT 15`);
    await q.query(`ALTER TABLE ending_soon_reminders ALTER COLUMN lead_minutes DROP DEFAULT`);
    await q.query(`ALTER TABLE ending_soon_reminders DROP CONSTRAINT ending_soon_reminders_pkey`);
    await q.query(`ALTER TABLE ending_soon_reminders ADD PRIMARY KEY (auction_id, lead_minutes)`);
    await q.query(`
      INSERT INTO ending_soon_reminders (auction_id, lead_minutes, sent_at)
      SELECT r.auction_id, m.minutes, r.sent_at FROM ending_soon_reminders r CROSS JOIN (VALUES (5), (60)) AS m(minutes)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM ending_soon_reminders WHERE lead_minutes <> 15`);
    await q.query(`ALTER TABLE ending_soon_reminders DROP CONSTRAINT ending_soon_reminders_pkey`);
    await q.query(`ALTER TABLE ending_soon_reminders DROP COLUMN lead_minutes`);
    await q.query(`ALTER TABLE ending_soon_reminders ADD PRIMARY KEY (auction_id)`);
  }
}
