import { AuctionStatus } from '@mazad/contracts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createAuction } from './support/auctions';
import { startTestApp, TestApp } from './support/test-app';
import { createUser } from './support/users';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ORIGIN = 'https://mazad.example';
const HOSTILE = '"><script>alert(1)</script>';

/** The `content` of every `<meta property|name="key">` in the page's head. */
function metaTags(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[m[1]] = m[2];
  return tags;
}

describe('sharing previews: Open Graph and Twitter card tags of auction and profile pages', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-previews-'));
    const web = join(root, 'web');
    mkdirSync(join(web, '.vite'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html lang="ar" dir="rtl"><head></head><body>WEB</body></html>',
    );
    writeFileSync(
      join(web, '.vite', 'first-pages.json'),
      JSON.stringify({
        pages: [{ path: '/auction/:id', modulepreload: ['/assets/auction-detail.js'], stylesheets: [], api: [] }],
      }),
    );
    t = await startTestApp({ WEB_DIST_DIR: web, ADMIN_DIST_DIR: '', PUBLIC_ORIGIN: ORIGIN });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  // A client-chosen Host never makes it into the URLs.
  const page = (path: string) => t.http().get(path).set('Accept', HTML).set('Host', 'evil.example').expect(200);

  it("an auction's page carries its title, price in JOD, first image, Arabic description and ar_JO, escaped", async () => {
    const seller = await createUser(t);
    const a = await createAuction(t, seller, { title: `ساعة ${HOSTILE}`, startingPrice: 1234.5, schedule: false });
    const res = await page(`/auction/${a.id}`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/auction-detail.js">');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const tags = metaTags(res.text);
    expect(tags).toMatchObject({
      'og:locale': 'ar_JO',
      'og:site_name': 'مزاد',
      'og:type': 'product',
      'og:title': 'ساعة &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | مزاد',
      'og:url': `${ORIGIN}/auction/${a.id}`,
      'og:image': `${ORIGIN}/uploads/test.webp`,
      'twitter:card': 'summary_large_image',
      'twitter:image': `${ORIGIN}/uploads/test.webp`,
    });
    expect(tags['og:description']).toBe('السعر الحالي: 1,234.500 د.أ. وصف تجريبي للمزاد');
    expect(tags['twitter:title']).toBe(tags['og:title']);
    expect(res.text).not.toContain('evil.example');
  });

  it('a missing, deleted or malformed auction gets the site tags, never the deleted auction’s data', async () => {
    const seller = await createUser(t);
    const deleted = await createAuction(t, seller, { title: 'مزاد محذوف سري', status: AuctionStatus.Deleted });
    for (const path of [
      `/auction/${deleted.id}`,
      '/auction/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70',
      `/auction/${encodeURIComponent(HOSTILE)}`,
    ]) {
      const res = await page(path);
      const tags = metaTags(res.text);
      expect(tags['og:title']).toBe('مزاد | المزادات الإلكترونية في الأردن');
      expect(tags['og:type']).toBe('website');
      expect(tags['og:image']).toBe(`${ORIGIN}/logo.svg`);
      expect(tags['og:locale']).toBe('ar_JO');
      expect(res.text).not.toContain('مزاد محذوف سري');
      expect(res.text).not.toContain('<script>');
    }
  });

  it("a public profile carries the member's name and picture; a deleted member gets the site tags", async () => {
    const member = await createUser(t, { name: `ليلى ${HOSTILE}`, location: 'إربد' });
    const db = t.app.get(DataSource);
    await db.query(`UPDATE users SET profile_image = '/uploads/leila.webp' WHERE id = $1`, [member.user.id]);
    const tags = metaTags((await page(`/profile/${member.user.id}`)).text);
    expect(tags).toMatchObject({
      'og:type': 'profile',
      'og:title': 'ليلى &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | مزاد',
      'og:image': `${ORIGIN}/uploads/leila.webp`,
      'og:url': `${ORIGIN}/profile/${member.user.id}`,
      'og:locale': 'ar_JO',
    });
    expect(tags['og:description']).toContain('من إربد');

    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [member.user.id]);
    const gone = await page(`/profile/${member.user.id}`);
    expect(metaTags(gone.text)['og:title']).toBe('مزاد | المزادات الإلكترونية في الأردن');
    expect(gone.text).not.toContain('ليلى');
  });

  it('only browser navigations get the page: a fetch of the same URL still gets the JSON 404', async () => {
    const res = await t.http().get('/profile/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers.vary).toMatch(/Accept/);
  });
});
