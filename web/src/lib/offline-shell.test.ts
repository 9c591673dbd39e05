import { describe, expect, it } from 'vitest';
import {
  allowsItsInlineScripts,
  markOfflineShell,
  OFFLINE_SHELL_META,
  SERVER_PATHS,
  UPLOADED_IMAGES,
} from './offline-shell';

const CSP = "default-src 'self';script-src 'self' 'sha256-abc='";

describe('the offline shell (what the service worker answers a navigation without network)', () => {
  it('is the stored document with the marker, under the headers it was stored with', async () => {
    const stored = new Response('<html><head><script>theme()</script></head><body></body></html>', {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': CSP,
        'Content-Encoding': 'br',
        'Content-Length': '42',
      },
    });
    const shell = await markOfflineShell(stored);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('Content-Security-Policy')).toBe(CSP);
    expect(shell.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    // The body is decoded text now: what described the wire bytes does not apply any more.
    expect(shell.headers.get('Content-Encoding')).toBeNull();
    expect(shell.headers.get('Content-Length')).toBeNull();
    const html = await shell.text();
    expect(html).toBe(`<html><head><script>theme()</script>${OFFLINE_SHELL_META}</head><body></body></html>`);
  });

  it("never takes the server's paths or the console for the app's pages", () => {
    for (const path of [
      '/api/auctions',
      '/api',
      '/socket.io/',
      '/uploads/a.webp',
      '/share/site.jpg',
      '/admin',
      '/admin/',
    ])
      expect(SERVER_PATHS.test(path)).toBe(true);
    for (const path of ['/', '/auctions', '/auction/1', '/admin-login', '/apis'])
      expect(SERVER_PATHS.test(path)).toBe(false);
  });

  it('keeps uploaded images only', () => {
    expect(UPLOADED_IMAGES.test('/uploads/0123456789abcdef0123456789abcdef.webp')).toBe(true);
    for (const path of ['/api/auctions/1', '/uploads/', '/uploads/a/b.webp', '/uploads/notes.txt'])
      expect(UPLOADED_IMAGES.test(path)).toBe(false);
  });
});

describe('allowsItsInlineScripts (the shell is stored only when its policy lets its scripts run)', () => {
  const THEME = "document.documentElement.dataset.theme = 'dark';";
  const page = (script: string) =>
    `<html><head><script>${script}</script><script type="module" src="/a.js"></script></head></html>`;
  /** What the server computes (server/src/infrastructure/static/inline-scripts.ts), in Node. */
  const hashOf = async (text: string) => {
    const { createHash } = await import('node:crypto');
    return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  };

  it("accepts the policy made from the document's own script", async () => {
    const csp = `default-src 'self';script-src 'self' ${await hashOf(THEME)};object-src 'none'`;
    expect(await allowsItsInlineScripts(page(THEME), csp)).toBe(true);
  });

  it("refuses a document paired with another build's policy", async () => {
    const csp = `default-src 'self';script-src 'self' ${await hashOf("document.documentElement.dataset.theme = 'light';")}`;
    expect(await allowsItsInlineScripts(page(THEME), csp)).toBe(false);
    expect(await allowsItsInlineScripts(page(THEME), "script-src 'self'")).toBe(false);
  });

  it('accepts what no policy restricts', async () => {
    expect(await allowsItsInlineScripts(page(THEME), null)).toBe(true);
    expect(await allowsItsInlineScripts('<html><head></head></html>', "script-src 'self'")).toBe(true);
  });
});
