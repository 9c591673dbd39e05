import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Text large enough to be worth compressing (the middleware skips bodies under 1 KiB). */
const bundle = (marker: string) =>
  `/* ${marker} */\n` +
  `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, marker })))};\n`;

/** Raw request (GET unless `method`): no automatic decompression, so the test sees the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('static front ends are sent compressed', () => {
  let t: TestApp;
  let root: string;
  const webAsset = bundle('WEB-APP');
  const consoleAsset = bundle('CONSOLE');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-static-gz-'));
    // Web: a Vite build with precompressed copies beside each asset (as web/vite.config.ts emits).
    const web = join(root, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    const index = `<!doctype html><html lang="ar" dir="rtl"><body>${'WEB-APP '.repeat(200)}</body></html>`;
    writeFileSync(join(web, 'index.html'), index);
    writeFileSync(join(web, 'index.html.gz'), gzipSync(index));
    writeFileSync(join(web, 'assets', 'index-abc123.js'), webAsset);
    writeFileSync(join(web, 'assets', 'index-abc123.js.br'), brotliCompressSync(webAsset));
    writeFileSync(join(web, 'assets', 'index-abc123.js.gz'), gzipSync(webAsset));
    // Console: no precompressed copies (compressed on the fly).
    const admin = join(root, 'admin');
    mkdirSync(join(admin, 'assets'), { recursive: true });
    writeFileSync(join(admin, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><body>CONSOLE</body></html>');
    writeFileSync(join(admin, 'assets', 'index-def456.js'), consoleAsset);
    t = await startTestApp({ WEB_DIST_DIR: web, ADMIN_DIST_DIR: admin });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the precompressed brotli copy of a hashed web asset, cached for good', async () => {
    const res = await rawGet(`${t.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(webAsset);
    expect(res.body.length).toBeLessThan(webAsset.length / 4);
  });

  it('falls back to gzip, then to the plain file, as the browser accepts', async () => {
    const gz = await rawGet(`${t.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(webAsset);
    expect(gz.headers['cache-control']).toContain('immutable');

    const plain = await rawGet(`${t.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(webAsset);
  });

  it('compresses what has no precompressed copy (console assets, index.html), never twice', async () => {
    const asset = await rawGet(`${t.url}/admin/assets/index-def456.js`, { 'Accept-Encoding': 'br' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.body).toString()).toBe(consoleAsset);
    expect(asset.headers['cache-control']).toContain('immutable');

    const index = await rawGet(`${t.url}/auctions`, { Accept: HTML, 'Accept-Encoding': 'gzip' });
    expect(index.status).toBe(200);
    expect(index.headers['content-encoding']).toBe('gzip');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(index.body).toString()).toContain('WEB-APP');
  });

  it('answers a write to a front-end path with the JSON 404 whatever it accepts (it was a 500 when compressed)', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'])
      for (const path of ['/', '/index.html', '/admin/']) {
        const res = await rawGet(`${t.url}${path}`, { 'Accept-Encoding': 'gzip, br' }, method);
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 404 });
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(JSON.parse(res.body.toString())).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      }
  });

  it('leaves the API as it was', async () => {
    const res = await rawGet(`${t.url}/api/health`, { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toMatchObject({ status: 'ok' });
  });
});
