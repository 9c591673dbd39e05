import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { normalizeArabic, searchQuery } from '@mazad/contracts';
import { createAuction } from '../support/auctions';
import { startTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

/**
 * R-SEARCH, R-LIST-PAGING (docs/security.md): a search made only of tatweel or diacritics matched every auction, and paging
 * answered misleading messages ("page too large" for page=1e3). Searches are normalised as the
 * database normalises `search_text` (contracts' normalizeArabic = mazad_normalize_ar); a search
 * with nothing searchable left matches no auction (the reader typed something, nothing contains
 * it); an empty search box is no search. Paging messages name the field and say what is wrong.
 */
describe('search normalisation and paging messages', () => {
  let t: TestApp;
  let admin: TestUser;
  const tag = randomUUID().slice(0, 8);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createUser(t, { isAdmin: true, adminSession: true });
    const seller = await createUser(t);
    await createAuction(t, seller, { title: `سيارة مرسيدس ${tag}` });
    await createAuction(t, seller, { title: `ساعة يد ${tag}` });
  });
  afterAll(() => t.close());

  const list = (query: string) => t.http().get(`/api/auctions?${query}`).expect(200);

  it('a search of only tatweel, diacritics or both matches nothing, on the site and in the console', async () => {
    const all = await list('');
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(2);
    for (const search of ['ـ', 'ـــــ', 'َ', 'ًٌٍَُِّْ', 'ـَـُـ', ' ـ ـ ', 'ٰ']) {
      const res = await list(`search=${encodeURIComponent(search)}`);
      expect({ search, total: res.body.pagination.total, auctions: res.body.auctions }).toEqual({
        search,
        total: 0,
        auctions: [],
      });
      const admins = await t
        .http()
        .get(`/api/admin/auctions?q=${encodeURIComponent(search)}`)
        .set(admin.auth);
      expect(admins.status).toBe(200);
      expect(JSON.stringify(admins.body)).not.toContain(tag);
    }
  });

  it('an empty search is no search; diacritics, tatweel and letter variants around real letters still match', async () => {
    expect((await list('search=')).body.pagination.total).toBe((await list('')).body.pagination.total);
    expect((await list('search=%20%20')).body.pagination.total).toBe((await list('')).body.pagination.total);
    for (const search of [`سيّارة مرسيدس ${tag}`, `سيـــارة مُرسيدس ${tag}`, `سياره مرسيدس ${tag}`, `مرسيدس ${tag}`]) {
      const res = await list(`search=${encodeURIComponent(search)}`);
      expect(res.body.auctions.map((a: { title: string }) => a.title)).toEqual([`سيارة مرسيدس ${tag}`]);
    }
  });

  it('the shared normalisation is character for character the database function', async () => {
    const chars = [];
    for (let c = 0x0600; c <= 0x06ff; c += 1) chars.push(String.fromCharCode(c));
    const samples = [...chars, 'ABCxyz', 'ÀÉ', 'سيّارة مُرسيدس ـــ', 'أإآٱ ةى', ...chars.map((c) => `ا${c}ب`)];
    const rows: { v: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT mazad_normalize_ar(x) AS v FROM unnest($1::text[]) WITH ORDINALITY AS s(x, n) ORDER BY n`, [
        samples,
      ]);
    expect(rows.map((r) => r.v)).toEqual(samples.map(normalizeArabic));
    expect(searchQuery('  ـَ  ')).toBeNull();
  });

  it('paging parameters answer a clear message naming the field', async () => {
    const cases: [string, string, RegExp][] = [
      ['page=1e3', 'page', /^رقم الصفحة \(page\) يجب أن يكون عدداً صحيحاً/],
      ['page=1.5', 'page', /^رقم الصفحة \(page\) يجب أن يكون عدداً صحيحاً/],
      ['page=abc', 'page', /^رقم الصفحة \(page\) يجب أن يكون عدداً صحيحاً/],
      ['page=0', 'page', /^رقم الصفحة \(page\) يجب أن يكون 1 على الأقل$/],
      ['page=100001', 'page', /^رقم الصفحة \(page\) يجب ألا يتجاوز 100000$/],
      ['limit=1.5', 'limit', /^عدد العناصر في الصفحة \(limit\) يجب أن يكون عدداً صحيحاً/],
      ['limit=-3', 'limit', /^عدد العناصر في الصفحة \(limit\) يجب أن يكون 1 على الأقل$/],
      ['search=a&search=b', 'search', /^نص البحث يجب أن يكون نصاً واحداً$/],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.http().get(`/api/auctions?${query}`).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', errors: [{ field }] });
      expect(res.body.message).toMatch(message);
    }
    const nul = await t.http().get('/api/auctions?page=%00').expect(400);
    expect(nul.body).toMatchObject({ code: 'INVALID_CHARACTERS', errors: [{ field: 'page' }] });
    const admins = await t.http().get('/api/admin/users?limit=1e2').set(admin.auth).expect(400);
    expect(admins.body.errors).toEqual([{ field: 'limit', message: expect.stringContaining('(limit)') }]);
  });
});
