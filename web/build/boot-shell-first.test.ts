import { describe, expect, it } from 'vitest';
import { moveEntryToBodyEnd } from './boot-shell-first';

/** index.html as Vite writes it: the entry's tags at the end of <head>, shared chunks' CSS first. */
const BUILT = `<!doctype html>
<html lang="ar" dir="rtl">
  <head>
    <script>document.documentElement.dataset.theme = 'light';</script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/common-jkl.css">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"><div class="boot-shell">مزاد</div></div>
  </body>
</html>
`;

describe('moveEntryToBodyEnd', () => {
  const html = moveEntryToBodyEnd(BUILT, ['assets/index-ghi.css']);
  const head = html.slice(0, html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body>'));
  const at = (tag: string) => body.indexOf(tag);

  it('moves the stylesheets, then the module script, after the boot shell', () => {
    expect(head).not.toContain('rel="stylesheet"');
    expect(head).not.toContain('type="module"');
    const shell = at('boot-shell');
    const styles = at('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    const script = at('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(shell).toBeGreaterThan(0);
    expect(styles).toBeGreaterThan(shell);
    expect(script).toBeGreaterThan(at('common-jkl.css'));
    expect(at('</body>')).toBeGreaterThan(script);
  });

  it("puts the entry's own (global) stylesheet before the shared chunks' (components)", () => {
    expect(at('index-ghi.css')).toBeLessThan(at('common-jkl.css'));
  });

  it('keeps the inline theme script and the modulepreload hints in <head>', () => {
    expect(head).toContain("<script>document.documentElement.dataset.theme = 'light';</script>");
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">');
  });

  it('refuses an index.html without the entry script (a change in how Vite writes it)', () => {
    expect(() => moveEntryToBodyEnd('<html><head></head><body></body></html>')).toThrow(/boot-shell-first/);
  });
});
