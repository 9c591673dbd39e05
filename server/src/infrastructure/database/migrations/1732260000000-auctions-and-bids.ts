import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Auctions and bids. Money is integer fils (bigint). Search runs on a generated, normalised
 * copy of title + description (Arabic letter variants folded, diacritics and tatweel removed)
 * with a trigram index, so `LIKE '%term%'` uses the index instead of scanning the table.
 */
export class AuctionsAndBids1732260000000 implements MigrationInterface {
  name = 'AuctionsAndBids1732260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // Folds what Arabic readers treat as the same letter: أ/إ/آ/ٱ → ا, ة → ه, ى → ي; drops
    // harakat (U+064B–U+065F), the superscript alef (U+0670) and tatweel (U+0640); lower-cases Latin.
    await q.query(`
      CREATE FUNCTION mazad_normalize_ar(input text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
        SELECT lower(translate(
          regexp_replace(input, '[\\u064B-\\u065F\\u0670\\u0640]', '', 'g'),
          'أإآٱةى', 'ااااهي'))
      $$`);
    await q.query(`
      CREATE TABLE auctions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seller_id uuid NOT NULL REFERENCES users(id),
        title varchar(100) NOT NULL,
        description varchar(1000) NOT NULL,
        category varchar(40) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'نشط',
        images text[] NOT NULL DEFAULT '{}',
        starting_price_fils bigint NOT NULL CHECK (starting_price_fils > 0),
        current_price_fils bigint NOT NULL,
        buy_now_price_fils bigint CHECK (buy_now_price_fils IS NULL OR buy_now_price_fils > starting_price_fils),
        auction_duration varchar(10) NOT NULL,
        start_time timestamptz NOT NULL DEFAULT now(),
        end_time timestamptz NOT NULL,
        ended_at timestamptz,
        winner_id uuid REFERENCES users(id),
        bid_count integer NOT NULL DEFAULT 0,
        has_been_edited boolean NOT NULL DEFAULT false,
        is_deal_confirmed boolean NOT NULL DEFAULT false,
        deal_confirmed_at timestamptz,
        is_rated_by_seller boolean NOT NULL DEFAULT false,
        view_count integer NOT NULL DEFAULT 0,
        search_text text GENERATED ALWAYS AS (mazad_normalize_ar(title || ' ' || description)) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auctions_search_trgm_idx ON auctions USING gin (search_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX auctions_status_end_idx ON auctions (status, end_time)`);
    await q.query(`CREATE INDEX auctions_created_idx ON auctions (created_at DESC)`);
    await q.query(`CREATE INDEX auctions_category_created_idx ON auctions (category, created_at DESC)`);
    await q.query(`CREATE INDEX auctions_seller_idx ON auctions (seller_id, created_at DESC)`);
    await q.query(`CREATE INDEX auctions_winner_idx ON auctions (winner_id) WHERE winner_id IS NOT NULL`);

    // seq is the acceptance order: accepted amounts strictly increase along it.
    await q.query(`
      CREATE TABLE bids (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        auction_id uuid NOT NULL REFERENCES auctions(id) ON DELETE CASCADE,
        bidder_id uuid NOT NULL REFERENCES users(id),
        amount_fils bigint NOT NULL CHECK (amount_fils > 0),
        is_cancelled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    // Equal amounts on one auction can never both be stored: the first one wins.
    await q.query(`CREATE UNIQUE INDEX bids_auction_amount_key ON bids (auction_id, amount_fils)`);
    await q.query(`CREATE INDEX bids_auction_seq_idx ON bids (auction_id, seq DESC)`);
    await q.query(`CREATE INDEX bids_bidder_idx ON bids (bidder_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE banners (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        text varchar(300) NOT NULL,
        link varchar(500),
        is_active boolean NOT NULL DEFAULT true,
        "order" integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE banners`);
    await q.query(`DROP TABLE bids`);
    await q.query(`DROP TABLE auctions`);
    await q.query(`DROP FUNCTION mazad_normalize_ar(text)`);
  }
}
