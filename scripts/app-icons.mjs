#!/usr/bin/env node
/**
 * `node scripts/app-icons.mjs`: the installable app's icons (web/public/icons/, named by the
 * manifest in web/vite.config.ts and by index.html) rendered from the logo, web/public/logo.svg.
 * Run again after the logo changes and commit the PNGs.
 *
 * - `icon-192.png`, `icon-512.png` ("any"): the logo as it is, its rounded tile on transparency.
 * - `maskable-192.png`, `maskable-512.png`: a launcher crops these to its own shape (circle,
 *   squircle) and keeps only the middle 80% for sure, so the tile's colour fills the square and
 *   the logo sits scaled to that safe zone.
 * - `apple-touch-icon.png` (180 px): iOS rounds the corners itself and shows transparency black,
 *   so it gets the full square too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// sharp is the server's dependency (image uploads); this script borrows it.
const sharp = createRequire(join(ROOT, 'server', 'package.json'))('sharp');

const WEB_PUBLIC = join(ROOT, 'web', 'public');
const OUT = join(WEB_PUBLIC, 'icons');
const logo = readFileSync(join(WEB_PUBLIC, 'logo.svg'), 'utf8');

/** The logo's tile colour: the first fill of the SVG (the brand's primary colour). */
const tileColour = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!tileColour) throw new Error('app-icons: no fill colour found in logo.svg');

/** The logo scaled into the middle 80% of a full square of its tile colour. */
function fullSquare(svg) {
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${tileColour}"/>
  <g transform="translate(6.4 6.4) scale(0.8)">${inner}</g>
</svg>`;
}

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(OUT, file));

await Promise.all([
  render(logo, 192, 'icon-192.png'),
  render(logo, 512, 'icon-512.png'),
  render(fullSquare(logo), 192, 'maskable-192.png'),
  render(fullSquare(logo), 512, 'maskable-512.png'),
  render(fullSquare(logo), 180, 'apple-touch-icon.png'),
]);
console.log(`app-icons: written to ${OUT}`);
