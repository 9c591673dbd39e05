import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appManifest, designToken } from './app-manifest';

const STYLESHEET = join(__dirname, '..', 'src', 'styles', 'index.css');

describe('the web app manifest', () => {
  it('is Arabic, right to left, standalone, with the design tokens as colours', () => {
    const manifest = appManifest(STYLESHEET);
    expect(manifest).toMatchObject({
      short_name: 'مزاد',
      lang: 'ar',
      dir: 'rtl',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.name).toContain('مزاد');
    expect(manifest.theme_color).toBe('#0f766e');
    expect(manifest.background_color).toBe('#f6f7f9');
  });

  it('has 192 and 512 pixel icons, plain and maskable', () => {
    const icons = appManifest(STYLESHEET).icons ?? [];
    for (const purpose of ['any', 'maskable'])
      expect(icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual([
        '192x192',
        '512x512',
      ]);
  });

  it('takes the light theme value, the first declaration of a token', () => {
    expect(designToken(':root { --bg: #fff; }\n[data-theme=dark] { --bg: #000; }', 'bg')).toBe('#fff');
    expect(() => designToken(':root {}', 'bg')).toThrow(/--bg/);
  });
});
