import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push (docs/notifications.md): one row per device a member turned push on for. The endpoint
 * is the push service's URL for that browser, unique: a device re-subscribing under another
 * member (a shared computer) moves to that member.
 */
export class PushSubscriptions1796300000000 implements MigrationInterface {
  name = 'PushSubscriptions1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint varchar(1024) NOT NULL UNIQUE,
        p256dh varchar(128) NOT NULL,
        auth varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE push_subscriptions`);
  }
}
