import { randomBytes } from 'node:crypto';
import { AuctionStatus, jodToFils, SEARCH_HINT_TOTAL_MAX } from '@mazad/contracts';
import { DataSource } from 'typeorm';
import { AuctionFixture, createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/**
 * R-SEARCH, R-LIST-ORDER (docs/rules.md): GET /api/auctions finds every word of a search, in any
 * order, in the title or description, with «ال» and the other leading clitics, letter variants
 * and Arabic-Indic digits folded, ranked by relevance; sorts by end, age or price; filters by
 * the current price; and an empty result gets hints (GET /api/auctions/search-hints).
 */
describe('auctions: search by words, sort and price range', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** Latin letters only: one word of its own that isolates a test's auctions from the others'. */
  const newTag = () => `q${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const auction = (seller: TestUser, f: AuctionFixture) => createAuction(t, seller, { schedule: false, ...f });
  const list = (query: Record<string, string | number>) => t.http().get('/api/auctions').query(query);
  const titles = (body: { auctions: { title: string }[] }) => body.auctions.map((a) => a.title);

  describe('matching', () => {
    let seller: TestUser;
    beforeAll(async () => {
      seller = await createUser(t);
      await auction(seller, {
        title: 'شقة للإيجار السنوي في عبدون',
        description: 'ثلاث غرف نوم، الطابق ٣، بناء ٢٠١٨، بحالة ممتازة وبسعر مناسب',
      });
      await auction(seller, { title: 'فيلا للبيع في دابوق', description: 'مساحة 450 متر مربع' });
      await auction(seller, { title: 'كرة قدم أصلية', description: 'مقاس 5' });
      await auction(seller, { title: 'فكرة مشروع جاهز', description: 'دراسة جدوى كاملة' });
      await auction(seller, { title: 'مكتبة خشبية', description: 'كتاب هدية مع كل مكتبة' });
    });
    const search = async (text: string) =>
      titles((await list({ userId: seller.user.id, search: text }).expect(200)).body).sort();

    const flat = 'شقة للإيجار السنوي في عبدون';
    it.each([
      ['شقة عبدون', [flat]],
      ['عبدون شقة', [flat]],
      ['الشقة في عبدون', [flat]],
      ['شقه للايجار', [flat]],
      ['إيجار عبدون', [flat]],
      ['بالإيجار', [flat]],
      ['الإيجار السنوي', [flat]],
      ['حالة ممتازة', [flat]],
      ['سعر', [flat]],
      ['الطابق 3', [flat]],
      ['2018', [flat]],
      ['٢٠١٨', [flat]],
      ['۲۰۱۸', [flat]],
      ['عبد', [flat]],
      ['450 متر', ['فيلا للبيع في دابوق']],
      ['٤٥٠', ['فيلا للبيع في دابوق']],
      ['البيع', ['فيلا للبيع في دابوق']],
      ['بيع دابوق', ['فيلا للبيع في دابوق']],
      ['في', [flat, 'فيلا للبيع في دابوق'].sort()],
      ['كرة', ['كرة قدم أصلية']],
      ['فكرة', ['فكرة مشروع جاهز']],
      ['كتاب', ['مكتبة خشبية']],
      ['عبدون دابوق', []],
      ['شقة جبل عمان', []],
      ['45', []],
      ['؟!', []],
    ] as [string, string[]][])('%s', async (text, expected) => {
      expect(await search(text)).toEqual(expected);
    });

    it('pages a search, and a page past the last still says how many there are', async () => {
      const first = await list({ userId: seller.user.id, search: 'في', limit: 1 }).expect(200);
      expect(first.body.pagination).toMatchObject({ page: 1, total: 2, totalPages: 2, hasNext: true });
      const second = await list({ userId: seller.user.id, search: 'في', limit: 1, page: 2 }).expect(200);
      expect([...titles(first.body), ...titles(second.body)].sort()).toEqual([flat, 'فيلا للبيع في دابوق'].sort());
      const past = await list({ userId: seller.user.id, search: 'في', limit: 1, page: 5 }).expect(200);
      expect(past.body).toMatchObject({
        auctions: [],
        pagination: { page: 5, total: 2, hasNext: false, hasPrev: true },
      });
    });

    it("the console's auction search finds words in any order too", async () => {
      const admin = await createUser(t, { isAdmin: true, adminSession: true });
      const res = await t
        .http()
        .get('/api/admin/auctions')
        .query({ q: 'عبدون الشقة', sellerId: seller.user.id })
        .set(admin.auth)
        .expect(200);
      expect(res.body.auctions.map((a: { title: string }) => a.title)).toEqual([flat]);
    });
  });

  describe('ranking', () => {
    it('ranks a search by relevance: title before description, a whole word before its stem, whatever the end', async () => {
      const seller = await createUser(t);
      // The descriptions' match ends first: the order by end would put it first.
      await auction(seller, { title: 'سوار ذهب', description: 'يأتي مع ساعة يد هدية', endsInSeconds: 600 });
      await auction(seller, { title: 'الساعة القديمة', description: 'تحفة', endsInSeconds: 1200 });
      await auction(seller, { title: 'ساعة يد رولكس', description: 'أصلية', endsInSeconds: 3600 });
      await auction(seller, { title: 'ساعات حائط', description: 'خشب', endsInSeconds: 300 });
      const ranked = async (query: Record<string, string>) =>
        titles((await list({ userId: seller.user.id, ...query }).expect(200)).body);

      expect(await ranked({ search: 'ساعة' })).toEqual(['ساعة يد رولكس', 'الساعة القديمة', 'سوار ذهب']);
      expect(await ranked({ search: 'ساعة يد' })).toEqual(['ساعة يد رولكس', 'سوار ذهب']);
      // An explicit order wins over relevance.
      expect(await ranked({ search: 'ساعة يد', sort: 'ending' })).toEqual(['سوار ذهب', 'ساعة يد رولكس']);
    });
  });

  describe('sort and price range', () => {
    let seller: TestUser;
    beforeAll(async () => {
      seller = await createUser(t);
      await auction(seller, { title: 'أ', startingPrice: 300, endsInSeconds: 2 * 3600 });
      await auction(seller, { title: 'ب', startingPrice: 100, endsInSeconds: 3600 });
      await auction(seller, { title: 'ج', startingPrice: 200, endsInSeconds: -60, status: AuctionStatus.Sold });
      await auction(seller, { title: 'د', startingPrice: 400, endsInSeconds: 5 * 3600 });
      // Created in this order, a second apart as the database sees it.
      await db.query(
        `UPDATE auctions SET created_at = now() - make_interval(secs => CASE title WHEN 'أ' THEN 40 WHEN 'ب' THEN 30 WHEN 'ج' THEN 20 ELSE 10 END)
          WHERE seller_id = $1`,
        [seller.user.id],
      );
    });
    const order = async (query: Record<string, string | number>) =>
      titles((await list({ userId: seller.user.id, ...query }).expect(200)).body);

    it('newest (the default, as the lists always were), price_asc and price_desc (the current price)', async () => {
      expect(await order({})).toEqual(['د', 'ج', 'ب', 'أ']);
      expect(await order({ sort: '' })).toEqual(['د', 'ج', 'ب', 'أ']);
      expect(await order({ sort: 'newest' })).toEqual(['د', 'ج', 'ب', 'أ']);
      expect(await order({ sort: 'price_asc' })).toEqual(['ب', 'ج', 'أ', 'د']);
      expect(await order({ sort: 'price_desc' })).toEqual(['د', 'أ', 'ج', 'ب']);
    });

    it('ending: open auctions by end, soonest first, then the closed ones still listed', async () => {
      expect(await order({ sort: 'ending' })).toEqual(['ب', 'أ', 'د', 'ج']);
    });

    it('filters by the current price in JOD, both ends included, typed as people type it', async () => {
      expect(await order({ minPrice: 200, maxPrice: 300, sort: 'ending' })).toEqual(['أ', 'ج']);
      expect(await order({ minPrice: '٢٠٠', maxPrice: '٣٠٠٫٠', sort: 'ending' })).toEqual(['أ', 'ج']);
      expect(await order({ minPrice: 300.001 })).toEqual(['د']);
      expect(await order({ maxPrice: 100 })).toEqual(['ب']);
      expect(await order({ minPrice: '1,000' })).toEqual([]);
      expect(await order({ minPrice: '', maxPrice: '' })).toHaveLength(4);
      // A bid moves the current price, and with it the auction's place in the range.
      await db.query(`UPDATE auctions SET current_price_fils = $2 WHERE seller_id = $1 AND title = 'ب'`, [
        seller.user.id,
        jodToFils(350),
      ]);
      expect(await order({ minPrice: 300, sort: 'price_asc' })).toEqual(['أ', 'ب', 'د']);
    });

    it.each([
      [{ sort: 'cheapest' }, 'sort', /^ترتيب النتائج \(sort\) يجب أن يكون أحد: newest، ending، price_asc، price_desc$/],
      [{ minPrice: 'abc' }, 'minPrice', /^أقل سعر \(minPrice\) يجب أن يكون رقماً/],
      [{ minPrice: '12,5' }, 'minPrice', /^أقل سعر \(minPrice\) يجب أن يكون رقماً/],
      [{ minPrice: '1.2345' }, 'minPrice', /^أقل سعر \(minPrice\) يقبل 3 منازل عشرية على الأكثر$/],
      [{ minPrice: -1 }, 'minPrice', /^أقل سعر \(minPrice\) يجب ألا يكون سالباً$/],
      [{ maxPrice: 1e12 }, 'maxPrice', /^أعلى سعر \(maxPrice\) يجب ألا يتجاوز/],
      [
        { minPrice: 300, maxPrice: 200 },
        'maxPrice',
        /^أعلى سعر \(maxPrice\) يجب ألا يكون أقل من أقل سعر \(minPrice\)$/,
      ],
    ] as [Record<string, string | number>, string, RegExp][])(
      'refuses %j with 400 and an Arabic message naming the field',
      async (query, field, message) => {
        const res = await list(query).expect(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        expect(res.body.errors[0].field).toBe(field);
        expect(res.body.errors[0].message).toMatch(message);
      },
    );
  });

  describe('GET /api/auctions/search-hints', () => {
    const hints = (query: Record<string, string>) => t.http().get('/api/auctions/search-hints').query(query);

    it('offers another spelling that finds something, in the same category', async () => {
      const tag = newTag();
      const seller = await createUser(t);
      await auction(seller, { title: `مسئول مبيعات ${tag}`, category: 'متنوعة' });
      await auction(seller, { title: `نظارة شمسية ${tag}`, category: 'أزياء' });

      expect((await list({ search: `مسؤول مبيعات ${tag}` }).expect(200)).body.pagination.total).toBe(0);
      const respelled = await hints({ search: `مسؤول مبيعات ${tag}` }).expect(200);
      // The other spelling first, then the search with a word left out (only those that find something).
      expect(respelled.body).toEqual({
        suggestions: [
          { search: `مسئول مبيعات ${tag}`, total: 1 },
          { search: `مبيعات ${tag}`, total: 1 },
        ],
        allCategoriesTotal: null,
      });

      const misspelled = await hints({ search: `نضارة ${tag}`, category: 'أزياء' }).expect(200);
      expect(misspelled.body.suggestions[0]).toEqual({ search: `نظارة ${tag}`, total: 1 });
      expect(misspelled.body.allCategoriesTotal).toBe(0);
    });

    it('says what the same search finds in every category, and leaves out what finds nothing', async () => {
      const tag = newTag();
      const seller = await createUser(t);
      await auction(seller, { title: `نظارة ${tag}`, category: 'أزياء' });
      const res = await hints({ search: `نظارة ${tag}`, category: 'سيارات' }).expect(200);
      expect(res.body.allCategoriesTotal).toBe(1);
      expect(res.body.suggestions.every((s: { total: number }) => s.total > 0)).toBe(true);
      expect(res.body.suggestions.map((s: { search: string }) => s.search)).not.toContain(`نضارة ${tag}`);
    });

    it('counts a hint up to 1000 ("that many or more"), however common the words', async () => {
      const tag = newTag();
      const seller = await createUser(t);
      await db.query(
        `INSERT INTO auctions (seller_id, title, description, category, images, starting_price_fils, current_price_fils,
                               auction_duration, end_time)
         SELECT $1, 'ساعة ' || $2 || ' ' || n, 'وصف', 'إكسسوارات', '{}', 1000, 1000, '1h', now() + interval '1 hour'
           FROM generate_series(1, 1001) AS n`,
        [seller.user.id, tag],
      );
      const res = await hints({ search: `ساعة ${tag}`, category: 'سيارات' }).expect(200);
      expect(res.body.allCategoriesTotal).toBe(SEARCH_HINT_TOTAL_MAX);
      expect(SEARCH_HINT_TOTAL_MAX).toBe(1000);
    });

    it('needs the search, and a real category', async () => {
      const missing = await hints({}).expect(400);
      expect(missing.body.errors[0]).toMatchObject({ field: 'search', message: 'نص البحث (search) مطلوب' });
      const bad = await hints({ search: 'x', category: 'طائرات' }).expect(400);
      expect(bad.body.errors[0].field).toBe('category');
    });
  });
});
