import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { startTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const FETCH = 'application/json';
const AUCTION = '/auction/0b6c3a52-6f43-4b1e-9a8e-2f4f8d1f3c11';

/** A web build with first pages and precompressed copies (as Vite writes it), and a console build. */
function writeBuilds(root: string) {
  const web = join(root, 'web');
  mkdirSync(join(web, '.vite'), { recursive: true });
  mkdirSync(join(web, 'assets'), { recursive: true });
  const index = `<!doctype html><html lang="ar" dir="rtl"><head></head><body>${'WEB-APP '.repeat(200)}</body></html>`;
  writeFileSync(join(web, 'index.html'), index);
  writeFileSync(join(web, 'index.html.br'), brotliCompressSync(index));
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log("WEB-APP");');
  writeFileSync(
    join(web, '.vite', 'first-pages.json'),
    JSON.stringify({
      pages: [
        { path: '/', modulepreload: ['/assets/home.js'], stylesheets: [], api: ['/api/banners'] },
        { path: '/auction/:id', modulepreload: ['/assets/detail.js'], stylesheets: [], api: [] },
      ],
    }),
  );
  const admin = join(root, 'admin');
  mkdirSync(join(admin, 'assets'), { recursive: true });
  writeFileSync(join(admin, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><body>CONSOLE</body></html>');
  writeFileSync(join(admin, 'assets', 'index-def456.js'), 'console.log("CONSOLE");');
  return { web, admin };
}

/**
 * The front ends answer some URLs by the Accept header: a browser navigation gets a page (a
 * first page's document, the single-page-app fallback), anything else the plain file or a JSON
 * 404. Those answers say `Vary: Accept` (merged with `Accept-Encoding` where the body is
 * compressed), so no cache serves one to the other; answers that never depend on Accept do not.
 */
describe('static front ends: Vary: Accept where the answer depends on Accept', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-static-vary-'));
    const { web, admin } = writeBuilds(root);
    t = await startTestApp({ WEB_DIST_DIR: web, ADMIN_DIST_DIR: admin });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const varies = (headers: Record<string, string>) =>
    (headers.vary ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
  const get = (path: string, accept: string, encoding = 'identity') =>
    t.http().get(path).set('Accept', accept).set('Accept-Encoding', encoding);

  it('first pages: the document for a navigation, the plain file otherwise — both vary by Accept', async () => {
    const page = await get('/', HTML).expect(200);
    expect(page.text).toContain('rel="modulepreload"');
    expect(varies(page.headers)).toContain('accept');
    // The precompressed index.html (express-static-gzip sets its own Vary): both kept.
    const plain = await get('/', FETCH, 'br').expect(200);
    expect(plain.headers['content-encoding']).toBe('br');
    expect(varies(plain.headers)).toEqual(expect.arrayContaining(['accept', 'accept-encoding']));
    // A compressed navigation keeps both too.
    expect(varies((await get('/', HTML, 'gzip').expect(200)).headers)).toEqual(
      expect.arrayContaining(['accept', 'accept-encoding']),
    );
  });

  it('client routes: index.html for a navigation, a JSON 404 otherwise — both vary by Accept', async () => {
    for (const path of [AUCTION, '/login', '/admin/users/42', '/assets/missing.js']) {
      const page = await get(path, HTML).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect({ path, vary: varies(page.headers) }).toEqual({ path, vary: expect.arrayContaining(['accept']) });
      const other = await get(path, FETCH).expect(404);
      expect(other.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect({ path, vary: varies(other.headers) }).toEqual({ path, vary: expect.arrayContaining(['accept']) });
    }
  });

  it('answers that never depend on Accept do not vary by it (assets, the API)', async () => {
    for (const path of ['/assets/index-abc123.js', '/admin/assets/index-def456.js', '/api/health', '/api/nothing']) {
      for (const accept of [HTML, FETCH]) {
        const res = await get(path, accept);
        expect({ path, accept, vary: varies(res.headers) }).toEqual({
          path,
          accept,
          vary: expect.not.arrayContaining(['accept']),
        });
      }
    }
  });
});
