import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A web build as Vite writes it, with the first pages' hints (web/vite.config.ts, firstPageHints). */
function writeBuild(dir: string, version: string, when: Date) {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="ar" dir="rtl"><head><script type="module" src="/assets/index-${version}.js"></script></head><body>WEB-${version}</body></html>`,
  );
  writeFileSync(
    join(dir, '.vite', 'first-pages.json'),
    JSON.stringify({
      pages: [
        {
          path: '/',
          modulepreload: [`/assets/home-page-${version}.js`, `/assets/format-${version}.js`],
          stylesheets: [`/assets/home-page-${version}.css`],
          api: ['/api/auctions?limit=50&page=1', '/api/banners'],
        },
        { path: '/auction/:id', modulepreload: [`/assets/auction-detail-${version}.js`], stylesheets: [], api: [] },
      ],
    }),
  );
  utimesSync(join(dir, 'index.html'), when, when);
}

describe('static web app: the first pages carry preload hints', () => {
  let t: TestApp;
  let root: string;
  let web: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-first-pages-'));
    web = join(root, 'web');
    writeBuild(web, 'v1', new Date('2026-01-01T00:00:00Z'));
    t = await startTestApp({ WEB_DIST_DIR: web, ADMIN_DIST_DIR: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (path: string) => t.http().get(path).set('Accept', HTML).expect(200);

  it("sends the home page's code, styles and first API reads with its HTML, before </head>", async () => {
    const res = await page('/');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('WEB-v1');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-v1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/format-v1.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-page-v1.css">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auctions?limit=50&amp;page=1">');
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/banners">');
  });

  it('leaves the API reads out when the URL has a query string (its filters change them)', async () => {
    const res = await page('/?category=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A7%D8%AA');
    expect(res.text).toContain('href="/assets/home-page-v1.js"');
    expect(res.text).not.toContain('as="fetch"');
  });

  it('matches route parameters, and sends other pages the plain index.html', async () => {
    const detail = await page('/auction/0b6c3a52-6f43-4b1e-9a8e-2f4f8d1f3c11');
    expect(detail.text).toContain('<link rel="modulepreload" crossorigin href="/assets/auction-detail-v1.js">');
    expect(detail.text).not.toContain('home-page-v1');
    for (const path of ['/about', '/auction/a/b', '/login']) {
      const res = await page(path);
      expect(res.text).toContain('WEB-v1');
      expect(res.text).not.toContain('rel="modulepreload"');
      expect(res.text).not.toContain('rel="preload"');
    }
  });

  it('does not touch scripts, fetches and the API', async () => {
    const asJson = await t.http().get('/').set('Accept', 'application/json');
    expect(asJson.text ?? '').not.toContain('rel="modulepreload"');
    await t.http().get('/api/health').set('Accept', HTML).expect(200);
  });

  it('follows a rebuild made while the server runs (within a second)', async () => {
    writeBuild(web, 'v2', new Date('2026-01-02T00:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await page('/');
    expect(res.text).toContain('WEB-v2');
    expect(res.text).toContain('href="/assets/home-page-v2.js"');
    expect(res.text).not.toContain('v1');
  });
});
