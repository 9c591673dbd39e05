import { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1732250000000 implements MigrationInterface {
  name = 'Users1732250000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(30) NOT NULL,
        location varchar(100) NOT NULL,
        password_hash text NOT NULL,
        profile_image text,
        is_verified boolean NOT NULL DEFAULT false,
        is_admin boolean NOT NULL DEFAULT false,
        registration_source varchar(40) NOT NULL DEFAULT 'math_verification',
        telegram_chat_id varchar(40),
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Emails are stored lower-cased; uniqueness is case-insensitive through the stored form.
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await q.query(`CREATE INDEX users_phone_idx ON users (phone)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
