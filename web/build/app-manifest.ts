import { readFileSync } from 'node:fs';
import type { ManifestOptions } from 'vite-plugin-pwa';

/** The light theme's value of a custom property in the app's stylesheet (its first declaration, in :root). */
export function designToken(css: string, name: string): string {
  const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1].trim();
  if (!value) throw new Error(`app-manifest: no --${name} in the stylesheet`);
  return value;
}

/**
 * The web app manifest (`/manifest.webmanifest`, written and linked from index.html by
 * vite-plugin-pwa): Arabic names from the site's title, right to left, opening full screen on
 * the home page; the colours are the design tokens of src/styles/index.css (the splash screen's
 * background is the page's, the bar the brand's); the icons are rendered from the logo by
 * scripts/app-icons.mjs.
 */
export function appManifest(stylesheet: string): Partial<ManifestOptions> {
  const css = readFileSync(stylesheet, 'utf8');
  return {
    id: '/',
    name: 'مزاد | المزادات الإلكترونية في الأردن',
    short_name: 'مزاد',
    description: 'مزاد: سوق المزادات الإلكترونية في الأردن',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: designToken(css, 'primary'),
    background_color: designToken(css, 'bg'),
    categories: ['shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
