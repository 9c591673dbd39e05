import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's notice preferences (docs/notifications.md): only what they changed is stored
 * (`channels`: kind → channel → on/off), the defaults live in contracts' resolvePreferences, so a
 * member who never opened the settings has no row and a change of defaults reaches them.
 */
export class NotificationPreferences1796350000000 implements MigrationInterface {
  name = 'NotificationPreferences1796350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_preferences (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        channels jsonb NOT NULL DEFAULT '{}',
        ending_soon_lead_minutes smallint,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_preferences`);
  }
}
