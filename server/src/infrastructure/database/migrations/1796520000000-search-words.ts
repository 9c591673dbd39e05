import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search by words (R-SEARCH): `search_text` (one normalised string matched as a continuous piece
 * with LIKE and a trigram index) becomes `search_vector`, a full-text vector of the title's and
 * the description's words, each with its stem (a leading clitic stripped), weighted for ranking:
 * title words A, their stems B, description words C, their stems D. The vector is built without
 * PostgreSQL's text-search parser and dictionaries (their idea of a letter follows the
 * database's locale): the words come from `mazad_search_words`, an explicit character class,
 * and the vector is written in tsvector's own syntax. Needs no extension.
 *
 * Each function has its TypeScript twin in contracts/src/text.ts (normalizeArabic, searchWords,
 * searchStem, searchLexemes); server/test/rules-equivalence.e2e-spec.ts proves them equal.
 *
 * Also the indexes of the lists' orders (AUCTION_SORTS): `ending` (open auctions by end, soonest
 * first, then the closed ones still listed, latest end first) and the current price, both
 * partial over what the public lists may show.
 */
export class SearchWords1796520000000 implements MigrationInterface {
  name = 'SearchWords1796520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX auctions_search_trgm_idx`);
    await q.query(`ALTER TABLE auctions DROP COLUMN search_text`);
    // As before (harakat, superscript alef and tatweel dropped; أ إ آ ٱ → ا, ة → ه, ى → ي), plus
    // the Persian ی ک → ي ك and Arabic-Indic and Persian digits → 0-9. PL/pgSQL so that the
    // second translate (its cost grows with its list) runs only on the few texts that need it.
    await q.query(`DROP FUNCTION mazad_normalize_ar(text)`);
    await q.query(`
      CREATE FUNCTION mazad_normalize_ar(input text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT AS $$
      DECLARE
        folded text := translate(regexp_replace(input, '[\\u064B-\\u065F\\u0670\\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي');
      BEGIN
        IF folded ~ '[\\u0660-\\u0669\\u06F0-\\u06F9\\u06CC\\u06A9]' THEN
          folded := translate(folded, 'یک٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'يك01234567890123456789');
        END IF;
        RETURN lower(folded);
      END
      $$`);
    // Words: runs of Latin digits and letters (accented ones too) and Arabic letters, in order.
    await q.query(`
      CREATE FUNCTION mazad_search_words(input text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
        SELECT array_remove(regexp_split_to_array(
          mazad_normalize_ar(input),
          '[^0-9a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0621-\\u063F\\u0641-\\u064A\\u0671-\\u06D3]+'
        ), '')
      $$`);
    // SEARCH_CLITICS of contracts, longest prefix first: the article and its compounds leave
    // at least 2 letters, و ب ك ل (and و or ف before ب ك ل) at least 3, ف alone at least 4.
    // Plain comparisons and not STRICT, so PostgreSQL inlines it into the vector's query.
    await q.query(`
      CREATE FUNCTION mazad_search_stem(word text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN length(word) >= 6 AND left(word, 4) IN ('وبال', 'فبال', 'وكال', 'فكال') THEN substr(word, 5)
          WHEN length(word) >= 5 AND left(word, 3) IN ('وال', 'فال', 'بال', 'كال', 'ولل', 'فلل') THEN substr(word, 4)
          WHEN length(word) >= 4 AND left(word, 2) IN ('ال', 'لل') THEN substr(word, 3)
          WHEN length(word) >= 5 AND left(word, 2) IN ('وب', 'وك', 'ول', 'فب', 'فك', 'فل') THEN substr(word, 3)
          WHEN length(word) >= 4 AND left(word, 1) IN ('و', 'ب', 'ك', 'ل') THEN substr(word, 2)
          WHEN length(word) >= 5 AND left(word, 1) = 'ف' THEN substr(word, 2)
          ELSE word
        END
      $$`);
    // The title's words at positions 1–50 (a title has at most 100 characters), the
    // description's from 101; a stem shares its word's position. Weight D is written as none.
    await q.query(`
      CREATE FUNCTION mazad_search_vector(title text, description text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(string_agg(
                 '''' || word || ''':' || pos || weight
                 || CASE WHEN stem <> word THEN ' ''' || stem || ''':' || pos || stem_weight ELSE '' END,
                 ' '), '')::tsvector
          FROM (
            SELECT word, mazad_search_stem(word) AS stem, n::text AS pos, 'A' AS weight, 'B' AS stem_weight
              FROM unnest(mazad_search_words(coalesce(title, ''))) WITH ORDINALITY AS t(word, n)
            UNION ALL
            SELECT word, mazad_search_stem(word), (n + 100)::text, 'C', ''
              FROM unnest(mazad_search_words(coalesce(description, ''))) WITH ORDINALITY AS d(word, n)
          ) AS words
      $$`);
    await q.query(`
      ALTER TABLE auctions
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (mazad_search_vector(title, description)) STORED`);
    await q.query(`CREATE INDEX auctions_search_idx ON auctions USING gin (search_vector)`);

    const listed = `archived_at IS NULL AND status <> 'محذوف' AND NOT is_deal_confirmed`;
    await q.query(`
      CREATE INDEX auctions_listed_ending_idx ON auctions
        ((status <> 'نشط'), (CASE WHEN status = 'نشط' THEN end_time END), end_time DESC, id)
        WHERE ${listed}`);
    await q.query(`CREATE INDEX auctions_listed_price_idx ON auctions (current_price_fils, id) WHERE ${listed}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX auctions_listed_price_idx`);
    await q.query(`DROP INDEX auctions_listed_ending_idx`);
    await q.query(`DROP INDEX auctions_search_idx`);
    await q.query(`ALTER TABLE auctions DROP COLUMN search_vector`);
    await q.query(`DROP FUNCTION mazad_search_vector(text, text)`);
    await q.query(`DROP FUNCTION mazad_search_stem(text)`);
    await q.query(`DROP FUNCTION mazad_search_words(text)`);
    await q.query(`DROP FUNCTION mazad_normalize_ar(text)`);
    await q.query(`
      CREATE FUNCTION mazad_normalize_ar(input text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
        SELECT lower(translate(
          regexp_replace(input, '[\\u064B-\\u065F\\u0670\\u0640]', '', 'g'),
          'أإآٱةى', 'ااااهي'))
      $$`);
    await q.query(`
      ALTER TABLE auctions
        ADD COLUMN search_text text GENERATED ALWAYS AS (mazad_normalize_ar(title || ' ' || description)) STORED`);
    await q.query(`CREATE INDEX auctions_search_trgm_idx ON auctions USING gin (search_text gin_trgm_ops)`);
  }
}
