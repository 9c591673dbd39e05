import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from './support/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const THEME_V1 = "document.documentElement.dataset.theme = 'dark';";
const THEME_V2 = "document.documentElement.dataset.theme = 'light';";

/** What a browser compares: sha256 of the script's exact text, base64. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function writeIndex(dir: string, inline: string, when: Date) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><script>${inline}</script><script type="module" src="/assets/index.js"></script></head><body></body></html>`,
  );
  utimesSync(join(dir, 'index.html'), when, when);
}

const scriptSrc = (csp: string) => csp.split(';').find((directive) => directive.startsWith('script-src')) ?? '';

describe("Content-Security-Policy: the web app's inline theme script runs by its hash, nothing else inline", () => {
  let t: TestApp;
  let root: string;
  let web: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mazad-inline-scripts-'));
    web = join(root, 'web');
    writeIndex(web, THEME_V1, new Date('2026-01-01T00:00:00Z'));
    t = await startTestApp({ WEB_DIST_DIR: web, ADMIN_DIST_DIR: '' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('allows exactly the inline script of the index.html it sends, on pages and API answers alike', async () => {
    for (const res of [
      await t.http().get('/').set('Accept', HTML).expect(200),
      await t.http().get('/api/health').expect(200),
    ]) {
      const directive = scriptSrc(res.headers['content-security-policy'] as string);
      expect(directive.split(' ').filter(Boolean)).toEqual(['script-src', "'self'", hashOf(THEME_V1)]);
    }
  });

  it('follows a rebuild that changed the script (within a second)', async () => {
    writeIndex(web, THEME_V2, new Date('2026-01-02T00:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const res = await t.http().get('/').set('Accept', HTML).expect(200);
    const directive = scriptSrc(res.headers['content-security-policy'] as string);
    expect(directive).toContain(hashOf(THEME_V2));
    expect(directive).not.toContain(hashOf(THEME_V1));
    expect(directive).not.toContain('unsafe-inline');
  });
});

describe('Content-Security-Policy without a web build: scripts from the server only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEB_DIST_DIR: '', ADMIN_DIST_DIR: '' });
  });
  afterAll(() => t.close());

  it("answers script-src 'self' alone", async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(scriptSrc(res.headers['content-security-policy'] as string).trim()).toBe("script-src 'self'");
  });
});
