import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contact inbox: messages from the member site's contact form. The sender's IP is kept
 * for abuse handling only (it never leaves the server). The partial index serves the
 * console's newest-first inbox; the handled filter reads the same index.
 */
export class ContactMessages1795468196109 implements MigrationInterface {
  name = 'ContactMessages1795468196109';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(20) NOT NULL CHECK (subject IN ('support', 'bug', 'suggestion', 'complaint', 'other')),
        message text NOT NULL,
        handled boolean NOT NULL DEFAULT false,
        sender_ip varchar(64),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_messages`);
  }
}
