import { AuctionStatus } from '@mazad/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
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

/** A card's URL as the preview names it: `/share/<kind>/<id>.jpg?v=<16 hex>` on the public origin. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cardUrl = (path: string) => new RegExp(`^${escapeRegExp(`${ORIGIN}${path}`)}\\?v=[0-9a-f]{16}$`);

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
      'og:image:type': 'image/jpeg',
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
    });
    expect(tags['og:image']).toMatch(cardUrl(`/share/auction/${a.id}.jpg`));
    expect(tags['twitter:image']).toBe(tags['og:image']);
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
      expect(tags['og:image']).toMatch(cardUrl('/share/site.jpg'));
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
      'og:url': `${ORIGIN}/profile/${member.user.id}`,
      'og:locale': 'ar_JO',
    });
    expect(tags['og:image']).toMatch(cardUrl(`/share/profile/${member.user.id}.jpg`));
    expect(tags['og:description']).toContain('من إربد');

    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [member.user.id]);
    const gone = await page(`/profile/${member.user.id}`);
    expect(metaTags(gone.text)['og:title']).toBe('مزاد | المزادات الإلكترونية في الأردن');
    expect(gone.text).not.toContain('ليلى');
  });

  it("a title or description with $', $` or $& stays text: the page is not spliced into its head", async () => {
    const seller = await createUser(t);
    const title = "ساعة $' وسوار $` وعلبة $& $$";
    const a = await createAuction(t, seller, { title, schedule: false });
    await t.app.get(DataSource).query(`UPDATE auctions SET description = $2 WHERE id = $1`, [a.id, "وصف $' $` $&"]);
    const res = await page(`/auction/${a.id}`);
    expect(res.text.match(/<!doctype/gi)).toHaveLength(1);
    expect(res.text.match(/<body/g)).toHaveLength(1);
    expect(res.text.match(/<\/head>/g)).toHaveLength(1);
    const tags = metaTags(res.text);
    expect(tags['og:title']).toBe("ساعة $' وسوار $` وعلبة $&amp; $$ | مزاد");
    expect(tags['og:description']).toContain("وصف $' $` $&amp;");
  });

  /** The card the preview of `path` names, fetched from the server (its URL is on PUBLIC_ORIGIN). */
  async function cardOf(path: string) {
    const url = metaTags((await page(path)).text)['og:image'];
    const res = await fetch(`${t.url}${url.slice(ORIGIN.length)}`);
    const body = Buffer.from(await res.arrayBuffer());
    return { url, res, body };
  }

  it('the picture is a real 1200 × 630 JPEG, cached by version: a new price is a new URL', async () => {
    const seller = await createUser(t);
    const a = await createAuction(t, seller, { title: 'iPhone 15 Pro برو ماكس', startingPrice: 850, schedule: false });
    const first = await cardOf(`/auction/${a.id}`);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('image/jpeg');
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(first.body).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // The same version again: an ETag revalidation answers 304.
    const etag = first.res.headers.get('etag')!;
    const again = await fetch(`${t.url}${first.url.slice(ORIGIN.length)}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    await t.app.get(DataSource).query(`UPDATE auctions SET current_price_fils = 900000 WHERE id = $1`, [a.id]);
    const repriced = await cardOf(`/auction/${a.id}`);
    expect(repriced.url).not.toBe(first.url);
    expect(repriced.body.equals(first.body)).toBe(false);
    // The former URL answers the current card, cached for minutes only.
    const former = await fetch(`${t.url}${first.url.slice(ORIGIN.length)}`);
    expect(former.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(await former.arrayBuffer()).equals(repriced.body)).toBe(true);

    // The site's card, for pages without their own.
    const site = await cardOf('/auction/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70');
    expect(site.url).toMatch(cardUrl('/share/site.jpg'));
    expect((await sharp(site.body).metadata()).width).toBe(1200);
    // A missing auction's own card URL, and anything else under /share, is a JSON 404.
    for (const path of [
      '/share/auction/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70.jpg',
      '/share/x',
      '/share/auction/x.jpg',
    ]) {
      const res = await t.http().get(path).set('Accept', HTML).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it("the auction's first photo is its cover; a file larger than uploads are stored is never decoded", async () => {
    const seller = await createUser(t);
    const stored = async (size: number, color: string) => {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await sharp({ create: { width: size, height: size, channels: 3, background: color } })
        .webp()
        .toFile(join(t.config.uploadDir, name));
      return `/uploads/${name}`;
    };
    /** The colour in the middle of the cover's square (the left of the card). */
    const coverColour = async (jpeg: Buffer) => {
      const { data } = await sharp(jpeg).extract({ left: 300, top: 310, width: 1, height: 1 }).raw().toBuffer({
        resolveWithObject: true,
      });
      return [...data];
    };
    const withCover = async (image: string) => {
      const a = await createAuction(t, seller, { schedule: false });
      await t.app.get(DataSource).query(`UPDATE auctions SET images = ARRAY[$2] WHERE id = $1`, [a.id, image]);
      return (await cardOf(`/auction/${a.id}`)).body;
    };
    const red = ([r, g, b]: number[]) => r > 220 && g < 40 && b < 40;
    expect(red(await coverColour(await withCover(await stored(800, '#ff0000'))))).toBe(true);
    // 2,000 × 2,000 is more than any stored upload (1,600 × 1,600): drawn without it.
    expect(red(await coverColour(await withCover(await stored(2000, '#ff0000'))))).toBe(false);
  });

  it("an auction's page preloads its first photo (the page's largest paint); no photo, another site's or the site tags: none", async () => {
    const seller = await createUser(t);
    const db = t.app.get(DataSource);
    const withImages = async (images: string[]) => {
      const a = await createAuction(t, seller, { schedule: false });
      await db.query(`UPDATE auctions SET images = $2 WHERE id = $1`, [a.id, images]);
      return (await page(`/auction/${a.id}`)).text;
    };
    const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads(await withImages(['/uploads/a"b.webp', '/uploads/second.webp']))).toEqual([
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/a&quot;b.webp">',
    ]);
    expect(preloads(await withImages([]))).toEqual([]);
    expect(preloads(await withImages(['https://elsewhere.example/x.webp']))).toEqual([]);
    expect(preloads(await withImages(['//elsewhere.example/x.webp']))).toEqual([]);
    expect(preloads((await page('/auction/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70')).text)).toEqual([]);
  });

  it('only browser navigations get the page: a fetch of the same URL still gets the JSON 404', async () => {
    const res = await t.http().get('/profile/4a4d2d0e-5b7c-4a8e-9f1a-2b3c4d5e6f70').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers.vary).toMatch(/Accept/);
  });
});
