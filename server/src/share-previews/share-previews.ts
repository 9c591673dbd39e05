import type { DataSource } from 'typeorm';
import { escapeAttribute } from '../infrastructure/static/first-pages';
import {
  CARD_SIZE,
  CARD_TYPE,
  cardUrl,
  readSubject,
  ShareSubject,
  SITE_NAME,
  SITE_SUBJECT,
  SubjectKind,
} from './share-subjects';

/**
 * Sharing previews: the Open Graph and Twitter card tags that WhatsApp, Telegram and Facebook
 * read from a page's HTML (their crawlers run no script), for `/auction/{id}` and
 * `/profile/{id}`. Rendered from the database on each navigation, every value escaped; URLs are
 * absolute on the configured public origin (PUBLIC_ORIGIN), never on the request's Host header.
 * A missing or deleted auction or member gets the site's own tags, never its data. The picture
 * is the page's 1200 × 630 JPEG card (share-images.ts), named with its version.
 *
 * An auction's page also gets a preload of its first photo, read with the tags: that photo is
 * the page's largest paint (the gallery's first image), and without the hint the browser learns
 * of it only after the app's code has run and fetched the auction (code → API → photo, one step
 * after another); with it the photo downloads beside the code.
 */

const PAGES: [RegExp, SubjectKind][] = [
  [/^\/auction\/([^/]+)\/?$/, 'auction'],
  [/^\/profile\/([^/]+)\/?$/, 'profile'],
];

/** The tags, one per line, every value escaped for a double-quoted attribute. */
function renderTags(origin: string, subject: ShareSubject, path: string): string {
  const image = `${origin}${cardUrl(subject)}`;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ar_JO'],
    ['property', 'og:type', subject.type],
    ['property', 'og:title', subject.title],
    ['property', 'og:description', subject.description],
    ['property', 'og:url', `${origin}${path}`],
    ['property', 'og:image', image],
    ['property', 'og:image:type', CARD_TYPE],
    ['property', 'og:image:width', String(CARD_SIZE.width)],
    ['property', 'og:image:height', String(CARD_SIZE.height)],
    ['property', 'og:image:alt', subject.title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', subject.title],
    ['name', 'twitter:description', subject.description],
    ['name', 'twitter:image', image],
  ];
  const meta = tags.map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeAttribute(value)}">`);
  return [...meta, ...coverPreload(subject)].join('\n');
}

/** The auction's first photo, when it is one of ours (the page's CSP allows no other images). */
function coverPreload(subject: ShareSubject): string[] {
  const cover = subject.type === 'product' ? subject.card.cover : null;
  if (!cover?.startsWith('/') || cover.startsWith('//')) return [];
  return [`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(cover)}">`];
}

/**
 * `tagsFor(path)`: for a page with a preview, a function that renders its tags (the site's tags
 * when the auction or member is missing, deleted or the read fails: a preview never breaks the
 * page); undefined for any other page.
 */
export function sharePreviews(db: DataSource, origin: string) {
  return {
    tagsFor(path: string): (() => Promise<string>) | undefined {
      for (const [pattern, kind] of PAGES) {
        const id = pattern.exec(path)?.[1];
        if (id === undefined) continue;
        return async () => renderTags(origin, (await readSubject(db, kind, id)) ?? SITE_SUBJECT, path);
      }
      return undefined;
    },
  };
}
