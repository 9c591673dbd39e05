import { randomUUID } from 'node:crypto';
import {
  antiSnipingEnd,
  AUCTION_STATUS_VALUES,
  AuctionStatus,
  buyNowRefusal,
  closedReason,
  matchesSearch,
  normalizeArabic,
  SEARCH_CLITICS,
  searchLexemes,
  searchQuery,
  searchStem,
  searchWords,
  StatusFilterWord,
} from '@mazad/contracts';
import { Client } from 'pg';
import { ArchivePolicy } from '../src/archive/archive-policy';
import {
  antiSnipingEndSql,
  ARCHIVE_PENDING_SQL,
  archiveDueSql,
  buyNowAllowedSql,
  dueToEndSql,
  takesBidsSql,
} from '../src/auctions/store/auction-conditions';
import type { AppConfig } from '../src/config/app-config';

/**
 * The rules the auction store checks in SQL (auction-conditions.ts) and the bid engine, the
 * archive and the clients judge in TypeScript must give the same answers. Each SQL fragment is
 * evaluated by the real PostgreSQL over a table of inputs (timestamptz values, edges included:
 * exactly at the end, one millisecond either side, exactly at the anti-sniping window), and
 * compared with its TypeScript twin over the same table at the same moment.
 *
 * The fragments read the database clock, `now()`. To put both forms at one known moment, each
 * case runs in a transaction that puts a schema of its own first on the search path (before
 * pg_catalog, named explicitly after it) whose `now()` answers a setting; the transaction is
 * rolled back, so nothing is left in the database.
 *
 * Search (R-SEARCH) has its twins too: the words, stems and vector PostgreSQL indexes (migration
 * SearchWords) and contracts' searchWords, searchStem, searchLexemes and matchesSearch, which
 * the web app uses to place an auction pushed live.
 *
 * The batch judgement (judgeBids and the proxy resolution, server/src/bids/engine/judge-batch.ts)
 * has no SQL form: the bid statement only re-checks that the auction still takes bids and that
 * its price (and maximums' version) is the one the batch was judged against.
 */
const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const OFFSETS = [-3_600_000, -1, 0, 1, 3_600_000];
const SELLER = randomUUID();
const BUYER = randomUUID();

describe('rules: the SQL forms answer as the TypeScript forms', () => {
  let db: Client;

  beforeAll(async () => {
    db = new Client({ connectionString: process.env.MAZAD_TEST_DATABASE_URL });
    await db.connect();
  });
  afterAll(() => db.end());

  /** Runs `sql` with `params` at the moment NOW by the database clock; answers the `v` column, in order. */
  async function atNow<T>(sql: string, params: unknown[]): Promise<T[]> {
    const clock = `rules_clock_${randomUUID().replace(/-/g, '')}`;
    await db.query('BEGIN');
    try {
      await db.query(`CREATE SCHEMA ${clock}`);
      await db.query(
        `CREATE FUNCTION ${clock}.now() RETURNS timestamptz LANGUAGE sql STABLE
           AS $$ SELECT current_setting('rules.now')::timestamptz $$`,
      );
      await db.query(`SELECT set_config('rules.now', $1, true)`, [NOW.toISOString()]);
      await db.query(`SET LOCAL search_path = ${clock}, pg_catalog, public`);
      const { rows } = await db.query<{ v: T }>(sql, params);
      return rows.map((r) => r.v);
    } finally {
      await db.query('ROLLBACK');
    }
  }

  it('the clock of the cases is the one set (the test itself)', async () => {
    expect(await atNow<Date>(`SELECT now() AS v`, [])).toEqual([NOW]);
  });

  describe('open and running (closedReason)', () => {
    const statuses = [...AUCTION_STATUS_VALUES, ...Object.values(StatusFilterWord)];
    const cases = statuses.flatMap((status) => OFFSETS.map((offset) => ({ status, endTime: at(offset) })));
    const evaluate = (condition: string) =>
      atNow<boolean>(
        `SELECT COALESCE((${condition}), false) AS v
           FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS a(status, end_time, n) ORDER BY n`,
        [cases.map((c) => c.status), cases.map((c) => c.endTime)],
      );
    const facts = (c: (typeof cases)[number]) => ({
      sellerId: SELLER,
      currentPriceFils: 0,
      buyNowPriceFils: null,
      ...c,
    });

    it('takes bids exactly when closedReason is null', async () => {
      const sql = await evaluate(takesBidsSql('a'));
      expect(cases.map((c, i) => ({ ...c, sql: sql[i] }))).toEqual(
        cases.map((c) => ({ ...c, sql: closedReason(facts(c), NOW) === null })),
      );
      expect(sql.filter(Boolean)).toHaveLength(2); // active, ending 1 ms or an hour from now
    });

    it('is due to end exactly when closedReason is AUCTION_ENDED', async () => {
      const sql = await evaluate(dueToEndSql('a'));
      expect(cases.map((c, i) => ({ ...c, sql: sql[i] }))).toEqual(
        cases.map((c) => ({ ...c, sql: closedReason(facts(c), NOW) === 'AUCTION_ENDED' })),
      );
      expect(sql.filter(Boolean)).toHaveLength(3); // active, ended an hour or 1 ms ago, or now
    });
  });

  it('anti-sniping: the new end time is antiSnipingEnd(end, now, extension)', async () => {
    const cases = [90, 20, 0].flatMap((extension) =>
      [-86_400_000, -1, 0, extension * 1000 - 1, extension * 1000, extension * 1000 + 1, 86_400_000].map((offset) => ({
        extension,
        endTime: at(offset),
      })),
    );
    const sql = await atNow<Date>(
      `SELECT ${antiSnipingEndSql('a.extension', 'a')} AS v
         FROM unnest($1::int[], $2::timestamptz[]) WITH ORDINALITY AS a(extension, end_time, n) ORDER BY n`,
      [cases.map((c) => c.extension), cases.map((c) => c.endTime)],
    );
    expect(cases.map((c, i) => ({ ...c, sql: sql[i] }))).toEqual(
      cases.map((c) => ({ ...c, sql: antiSnipingEnd(c.endTime, NOW, c.extension) })),
    );
  });

  it('buy-now is allowed exactly when buyNowRefusal is null', async () => {
    const cases = [AuctionStatus.Active, AuctionStatus.Sold, AuctionStatus.Deleted].flatMap((status) =>
      [0, 1].flatMap((offset) =>
        [SELLER, BUYER].flatMap((buyerId) =>
          [null, 0, 50_000].flatMap((buyNowPriceFils) =>
            [49_999, 50_000, 60_000].flatMap((currentPriceFils) =>
              [undefined, 50_000, 40_000].map((expectedFils) => ({
                status,
                endTime: at(offset),
                buyerId,
                buyNowPriceFils,
                currentPriceFils,
                expectedFils,
              })),
            ),
          ),
        ),
      ),
    );
    const sql = await atNow<boolean>(
      `SELECT COALESCE((${buyNowAllowedSql('a.buyer_id', 'a.expected_fils', 'a')}), false) AS v
         FROM unnest($1::text[], $2::timestamptz[], $3::uuid[], $4::uuid[], $5::bigint[], $6::bigint[], $7::bigint[])
              WITH ORDINALITY AS a(status, end_time, seller_id, buyer_id, buy_now_price_fils, current_price_fils, expected_fils, n)
        ORDER BY n`,
      [
        cases.map((c) => c.status),
        cases.map((c) => c.endTime),
        cases.map(() => SELLER),
        cases.map((c) => c.buyerId),
        cases.map((c) => c.buyNowPriceFils),
        cases.map((c) => c.currentPriceFils),
        cases.map((c) => c.expectedFils ?? null),
      ],
    );
    expect(cases.map((c, i) => ({ ...c, sql: sql[i] }))).toEqual(
      cases.map((c) => ({
        ...c,
        sql: buyNowRefusal({ ...c, sellerId: SELLER }, c.buyerId, NOW, c.expectedFils) === null,
      })),
    );
    expect(sql.filter(Boolean).length).toBeGreaterThan(0);
  });

  it('archive: due exactly when ArchivePolicy.dueAt has passed, for an ended, unarchived sale or unsold auction', async () => {
    const policy = new ArchivePolicy({ archiveSoldAfterSeconds: 86_400, archiveUnsoldAfterSeconds: 900 } as AppConfig);
    const delayMs = (status: string) => (policy.delaySeconds(status) ?? 900) * 1000;
    const cases = AUCTION_STATUS_VALUES.flatMap((status) =>
      [null, -delayMs(status) - 1, -delayMs(status), -delayMs(status) + 1].flatMap((offset) =>
        [null, at(-1)].map((archivedAt) => ({ status, endedAt: offset === null ? null : at(offset), archivedAt })),
      ),
    );
    const sql = await atNow<boolean>(
      `SELECT COALESCE((${ARCHIVE_PENDING_SQL} AND ${archiveDueSql(4)} <= now()), false) AS v
         FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[])
              WITH ORDINALITY AS a(status, ended_at, archived_at, n)
        ORDER BY n`,
      [cases.map((c) => c.status), cases.map((c) => c.endedAt), cases.map((c) => c.archivedAt), ...policy.params()],
    );
    expect(cases.map((c, i) => ({ ...c, sql: sql[i] }))).toEqual(
      cases.map((c) => {
        const due = c.endedAt && !c.archivedAt ? policy.dueAt(c.status, c.endedAt) : null;
        return { ...c, sql: due !== null && due.getTime() <= NOW.getTime() };
      }),
    );
    expect(sql.filter(Boolean)).toHaveLength(4); // sold and unsold, each at and past its moment
  });

  describe("search: the words, stems and matches PostgreSQL indexes are contracts' (R-SEARCH)", () => {
    /** Listings and words as members write them: letter variants, harakat, tatweel, digits, signs, Latin. */
    const TEXTS = [
      'شقة للإيجار السنوي في عبدون',
      'سيّارة مُرسيـــدس موديل ٢٠١٨، بحالة ممتازة وبسعر مغري!',
      'آيفون ١٣ برو ماكس — 256GB (مستعمل) iPhone13',
      'كتاب «الطبخ» للبيع والإيجار، فكرة، فيلا، فرشة، بيت، والد، آلة، الم',
      'وبالتقسيط وللبيع فالسيارة كالجديد ولسيارة فبالتأكيد',
      'مسؤول مسئول إبريق أُجرة مستشفى ی ک ۱۲۳',
      'Café ÉTÉ naïve Ünïcödé',
      '100% قطن_مصري ***** 3.5 1,250.500 ١٬٢٥٠٫٥',
      'ـــ ًٌٍَُِّْ ٰ',
      '',
    ];

    it('mazad_normalize_ar and mazad_search_words are normalizeArabic and searchWords', async () => {
      const { rows } = await db.query<{ normalized: string; words: string[] }>(
        `SELECT mazad_normalize_ar(x) AS normalized, mazad_search_words(x) AS words
           FROM unnest($1::text[]) WITH ORDINALITY AS s(x, n) ORDER BY n`,
        [TEXTS],
      );
      expect(rows).toEqual(TEXTS.map((text) => ({ normalized: normalizeArabic(text), words: searchWords(text) })));
    });

    it('mazad_search_stem is searchStem, for every clitic at and around its length rule', async () => {
      const bases = ['سياره', 'بيت', 'اب', 'ك', 'مرسيدس', 'كره', 'الد'];
      const words = [
        ...SEARCH_CLITICS.flatMap(([prefix]) => bases.map((base) => prefix + base)),
        ...TEXTS.flatMap(searchWords),
      ];
      const { rows } = await db.query<{ stem: string }>(
        `SELECT mazad_search_stem(w) AS stem FROM unnest($1::text[]) WITH ORDINALITY AS s(w, n) ORDER BY n`,
        [words],
      );
      expect(words.map((word, i) => ({ word, stem: rows[i].stem }))).toEqual(
        words.map((word) => ({ word, stem: searchStem(word) })),
      );
      // The table bites: some words lose a prefix, some keep it.
      expect(words.filter((w) => searchStem(w) !== w).length).toBeGreaterThan(20);
      expect(words.filter((w) => searchStem(w) === w).length).toBeGreaterThan(20);
    });

    it("an auction's vector holds searchLexemes of its title and description", async () => {
      const pairs = TEXTS.map((title, i) => ({ title, description: TEXTS[(i + 3) % TEXTS.length] }));
      const { rows } = await db.query<{ lexemes: string[] }>(
        `SELECT tsvector_to_array(mazad_search_vector(t, d)) AS lexemes
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(t, d, n) ORDER BY n`,
        [pairs.map((p) => p.title), pairs.map((p) => p.description)],
      );
      expect(rows.map((r) => [...r.lexemes].sort())).toEqual(
        pairs.map((p) => [...new Set([...searchLexemes(p.title), ...searchLexemes(p.description)])].sort()),
      );
    });

    it('search_vector @@ searchQuery(search) exactly when matchesSearch', async () => {
      const searches = [
        'شقة عبدون',
        'عبدون الشقة',
        'بالإيجار',
        'سيارة ٢٠١٨',
        'مرسيدس 2018',
        'حالة',
        'سعر',
        'ايفون 13',
        'iphone13',
        '256',
        '25',
        'كرة',
        'فكرة',
        'تاب',
        'بيع',
        'سيارة',
        'السيارة',
        'جديد',
        'مسئول',
        'ابريق',
        'cafe',
        'café été',
        'قطن',
        '1',
        '250',
        'غير موجود',
      ];
      const cases = TEXTS.flatMap((text) => searches.map((search) => ({ text, search })));
      const { rows } = await db.query<{ v: boolean }>(
        `SELECT mazad_search_vector(t, '') @@ q::tsquery AS v
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(t, q, n) ORDER BY n`,
        [cases.map((c) => c.text), cases.map((c) => searchQuery(c.search))],
      );
      expect(cases.map((c, i) => ({ ...c, sql: rows[i].v }))).toEqual(
        cases.map((c) => ({ ...c, sql: matchesSearch(c.text, c.search) })),
      );
      expect(rows.filter((r) => r.v).length).toBeGreaterThan(15);
    });
  });
});
