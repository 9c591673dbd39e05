import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * After the sale: the chat between the seller and the winner of a sold auction, and the
 * winner's rating of the seller.
 *
 * Foreign keys to auctions and users deliberately do NOT cascade: messages and ratings belong
 * to the members and the archive keeps them, so removing an auction or a member that still has
 * them must be decided explicitly (it fails instead of silently losing them). Sellers can only
 * hard-delete auctions without bids, which never have a winner and so never a conversation.
 */
export class MessagesAndRatings1732270000000 implements MigrationInterface {
  name = 'MessagesAndRatings1732270000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        auction_id uuid NOT NULL REFERENCES auctions(id),
        sender_id uuid NOT NULL REFERENCES users(id),
        receiver_id uuid NOT NULL REFERENCES users(id),
        content varchar(2000) NOT NULL CHECK (length(btrim(content)) > 0),
        is_read boolean NOT NULL DEFAULT false,
        read_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK (sender_id <> receiver_id)
      )`);
    // A conversation, oldest first (and its last message through a backward scan).
    await q.query(`CREATE INDEX messages_auction_created_idx ON messages (auction_id, created_at, id)`);
    // Unread counters: only unread rows are indexed, so the index stays small as messages are read.
    await q.query(`CREATE INDEX messages_receiver_unread_idx ON messages (receiver_id, auction_id) WHERE NOT is_read`);

    await q.query(`
      CREATE TABLE ratings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        auction_id uuid NOT NULL REFERENCES auctions(id),
        rater_id uuid NOT NULL REFERENCES users(id),
        rated_user_id uuid NOT NULL REFERENCES users(id),
        role varchar(10) NOT NULL CHECK (role IN ('seller', 'buyer')),
        stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
        comment varchar(1000),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CHECK (rater_id <> rated_user_id)
      )`);
    // Once per rater and auction, even when two requests race.
    await q.query(`CREATE UNIQUE INDEX ratings_auction_rater_key ON ratings (auction_id, rater_id)`);
    await q.query(`CREATE INDEX ratings_rated_user_idx ON ratings (rated_user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ratings`);
    await q.query(`DROP TABLE messages`);
  }
}
