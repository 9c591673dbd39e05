import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The installable web app's files as the server sends them (web/README.md, "Installable app";
 * docs/security.md, "Service worker and CSP"): the service worker, the manifest, and the
 * index.html the worker stores as its offline shell.
 */

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const THEME = "document.documentElement.dataset.theme = 'dark';";
const INDEX = `<!doctype html><html lang="ar" dir="rtl"><head><script>${THEME}</script><link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>`;
const MANIFEST = JSON.stringify({ name: 'مزاد', short_name: 'مزاد', lang: 'ar', dir: 'rtl', start_url: '/' });

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

function fakeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  // The build ships brotli copies beside its text files (web/vite.config.ts): the shell's too.
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), MANIFEST);
}

describe('the installable app: service worker, manifest, offline shell', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-pwa-'));
    fakeBuild(join(root, 'web'));
    t = await startTestApp({ WEB_DIST_DIR: join(root, 'web'), ADMIN_DIST_DIR: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves /sw.js as JavaScript, revalidated on every update check', async () => {
    // Browsers fetch the worker with Accept */*; a navigation to it gets the file too, never index.html.
    for (const accept of ['*/*', HTML]) {
      const res = await t.http().get('/sw.js').set('Accept', accept).expect(200);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('addEventListener("fetch"');
    }
  });

  it('lets the worker run under the CSP: workers from the site itself', async () => {
    const csp = (await t.http().get('/sw.js').expect(200)).headers['content-security-policy'] as string;
    // worker-src falls back to script-src, which allows the site's own files.
    expect(directive(csp, 'worker-src')).toBeUndefined();
    expect(directive(csp, 'script-src')?.split(' ')).toContain("'self'");
    expect(directive(csp, 'default-src')).toBe("default-src 'self'"); // manifest-src falls back here
  });

  it('serves /manifest.webmanifest as a manifest, revalidated', async () => {
    const res = await t.http().get('/manifest.webmanifest').set('Accept', '*/*').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.text as string)).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it("sends the shell the worker stores with a CSP that allows exactly the shell's own inline scripts", async () => {
    // What Workbox fetches for its precache: /index.html, not a navigation, plain and in brotli.
    for (const encoding of ['identity', 'br']) {
      const res = await t.http().get('/index.html').set('Accept', '*/*').set('Accept-Encoding', encoding).expect(200);
      const sources = directive(res.headers['content-security-policy'] as string, 'script-src')!
        .split(' ')
        .slice(1);
      expect(sources.filter((source) => source.startsWith("'sha256-"))).toEqual(inlineScripts(res.text).map(hashOf));
      expect(sources).not.toContain("'unsafe-inline'");
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
