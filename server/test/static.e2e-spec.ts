import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A fake build: index.html plus a hashed asset, like Vite's output. */
function fakeBuild(root: string, name: string, marker: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="ar" dir="rtl"><body>${marker}</body></html>`);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify(marker)});`);
  return dir;
}

const expectJson404 = (res: { status: number; body: unknown; headers: Record<string, string> }) => {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
};

describe('static front ends: web at /, console at /admin', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-static-'));
    t = await startTestApp({
      WEB_DIST_DIR: fakeBuild(root, 'web', 'WEB-APP'),
      ADMIN_DIST_DIR: fakeBuild(root, 'admin', 'CONSOLE'),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the web app at /', async () => {
    const res = await t.http().get('/').set('Accept', HTML).expect(200);
    expect(res.text).toContain('WEB-APP');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to the web index.html for browser navigations to client routes', async () => {
    for (const path of ['/auctions', '/auction/0b6c3a52-6f43-4b1e-9a8e-2f4f8d1f3c11', '/profile?tab=won', '/login']) {
      const res = await t.http().get(path).set('Accept', HTML);
      expect(res.status).toBe(200);
      expect(res.text).toContain('WEB-APP');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.http().get('/assets/index-abc123.js').expect(200);
    expect(res.text).toContain('WEB-APP');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    expectJson404(await t.http().get('/assets/missing.js').set('Accept', '*/*'));
  });

  it('keeps unknown API routes a JSON 404 even for browsers', async () => {
    expectJson404(await t.http().get('/api/unknown').set('Accept', HTML));
    expectJson404(await t.http().get('/api').set('Accept', HTML));
    expectJson404(await t.http().get('/uploads/missing.webp').set('Accept', HTML));
  });

  it('does not answer non-GET requests with the index', async () => {
    expectJson404(await t.http().post('/auctions').set('Accept', HTML).send({}));
  });

  it('still serves the API', async () => {
    await t.http().get('/api/health').set('Accept', HTML).expect(200);
  });

  it('serves the console under /admin with its own fallback', async () => {
    const slash = await t.http().get('/admin').set('Accept', HTML).expect(301);
    expect(slash.headers.location).toBe('/admin/');
    const index = await t.http().get('/admin/').set('Accept', HTML).expect(200);
    expect(index.text).toContain('CONSOLE');
    const deep = await t.http().get('/admin/users/42').set('Accept', HTML).expect(200);
    expect(deep.text).toContain('CONSOLE');
    const asset = await t.http().get('/admin/assets/index-abc123.js').expect(200);
    expect(asset.text).toContain('CONSOLE');
  });

  it('redirects the older console routes into the console', async () => {
    const login = await t.http().get('/admin-login').set('Accept', HTML).expect(302);
    expect(login.headers.location).toBe('/admin/#/login');
    const management = await t.http().get('/admin/management').set('Accept', HTML).expect(302);
    expect(management.headers.location).toBe('/admin/#/users');
  });

  it('answers /banner-management with the web app, whose guard turns members away (not with the console login)', async () => {
    const banners = await t.http().get('/banner-management').set('Accept', HTML).expect(200);
    expect(banners.text).toContain('WEB-APP');
  });
});

describe('static front ends: not built', () => {
  let t: TestApp;
  let empty: string;

  beforeAll(async () => {
    empty = mkdtempSync(join(tmpdir(), 'mazad-static-empty-'));
    // Web: a folder without index.html; console: disabled.
    t = await startTestApp({ WEB_DIST_DIR: empty, ADMIN_DIST_DIR: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('serves nothing and answers JSON 404', async () => {
    expectJson404(await t.http().get('/').set('Accept', HTML));
    expectJson404(await t.http().get('/auctions').set('Accept', HTML));
    expectJson404(await t.http().get('/admin/').set('Accept', HTML));
    expectJson404(await t.http().get('/admin-login').set('Accept', HTML));
  });
});
