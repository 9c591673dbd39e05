import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who may use, and who may delete, each uploaded image (`/uploads/<name>.webp`): the member who
 * uploaded it, and its one owner, an auction or the announcement (none while it waits for the
 * form that will use it). Attaching an image moves it from "uploaded by you, no owner" to an
 * owner; deleting an owner deletes only the images it owns. A deleted auction's leftover rows
 * lose their owner (ON DELETE SET NULL), so the sweeper may take their files.
 *
 * Images already in use are recorded with their owner: the announcement first, then the oldest
 * auction using each one (a later auction that adopted another's image keeps showing it but does
 * not own it). Profile images and files no record uses get no row: they cannot be attached.
 */
export class UploadedImages1795830000000 implements MigrationInterface {
  name = 'UploadedImages1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE uploaded_images (
        url text PRIMARY KEY,
        uploader_id uuid REFERENCES users(id) ON DELETE SET NULL,
        auction_id uuid REFERENCES auctions(id) ON DELETE SET NULL,
        announcement boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uploaded_images_one_owner CHECK (NOT (announcement AND auction_id IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX uploaded_images_auction_idx ON uploaded_images (auction_id) WHERE auction_id IS NOT NULL`,
    );
    const stored = `'^/uploads/[a-f0-9]{32}\\.webp$'`;
    await q.query(`
      INSERT INTO uploaded_images (url, announcement)
      SELECT DISTINCT u, true FROM announcement_content, unnest(images) AS u WHERE u ~ ${stored}
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO uploaded_images (url, uploader_id, auction_id)
      SELECT DISTINCT ON (u) u, a.seller_id, a.id
        FROM auctions a, unnest(a.images) AS u
       WHERE u ~ ${stored}
       ORDER BY u, a.created_at, a.id
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE uploaded_images`);
  }
}
