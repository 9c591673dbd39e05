import { AuctionStatus, filsToJod, formatJod } from '@mazad/contracts';
import type { DataSource } from 'typeorm';
import { escapeAttribute } from './first-pages';

/**
 * Sharing previews: the Open Graph and Twitter card tags that WhatsApp, Telegram and Facebook
 * read from a page's HTML (their crawlers run no script), for `/auction/{id}` and
 * `/profile/{id}`. Rendered from the database on each navigation, every value escaped; URLs are
 * absolute on the configured public origin (PUBLIC_ORIGIN), never on the request's Host header.
 * A missing or deleted auction or member gets the site's own tags, never its data.
 */

const SITE_NAME = 'مزاد';
const SITE_TITLE = 'مزاد | المزادات الإلكترونية في الأردن';
const SITE_DESCRIPTION =
  'مزاد: سوق المزادات الإلكترونية في الأردن. زايد أو اشترِ فوراً أو اعرض ما لديك للبيع بالدينار الأردني.';
const SITE_IMAGE = '/logo.svg';
/** Longer descriptions are cut: the previews show two or three lines. */
const DESCRIPTION_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUCTION_PAGE = /^\/auction\/([^/]+)\/?$/;
const PROFILE_PAGE = /^\/profile\/([^/]+)\/?$/;

interface Preview {
  type: 'website' | 'product' | 'profile';
  title: string;
  description: string;
  /** A site path (`/uploads/…`) or an https address. */
  image: string | null;
  path: string;
}

const SITE_PREVIEW: Omit<Preview, 'path'> = {
  type: 'website',
  title: SITE_TITLE,
  description: SITE_DESCRIPTION,
  image: SITE_IMAGE,
};

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/** An image as an absolute URL: site paths on the public origin, https addresses as they are. */
function absoluteImage(origin: string, image: string | null): string {
  if (image && /^https:\/\//i.test(image)) return image;
  if (image?.startsWith('/') && !image.startsWith('//')) return `${origin}${image}`;
  return `${origin}${SITE_IMAGE}`;
}

/** The tags, one per line, every value escaped for a double-quoted attribute. */
function renderTags(origin: string, preview: Preview): string {
  const image = absoluteImage(origin, preview.image);
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'ar_JO'],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', `${origin}${preview.path}`],
    ['property', 'og:image', image],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeAttribute(value)}">`).join('\n');
}

async function auctionPreview(db: DataSource, id: string): Promise<Omit<Preview, 'path'> | undefined> {
  const [row] = (await db.query(
    `SELECT title, description, current_price_fils, images[1] AS image
       FROM auctions WHERE id = $1 AND status <> $2`,
    [id, AuctionStatus.Deleted],
  )) as { title: string; description: string; current_price_fils: string; image: string | null }[];
  if (!row) return undefined;
  const price = formatJod(filsToJod(Number(row.current_price_fils)));
  return {
    type: 'product',
    title: `${row.title} | ${SITE_NAME}`,
    description: shorten(`السعر الحالي: ${price}. ${row.description}`),
    image: row.image,
  };
}

async function profilePreview(db: DataSource, id: string): Promise<Omit<Preview, 'path'> | undefined> {
  const [row] = (await db.query(
    `SELECT name, location, profile_image FROM users WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  )) as { name: string; location: string; profile_image: string | null }[];
  if (!row) return undefined;
  const where = row.location ? ` من ${row.location}` : '';
  return {
    type: 'profile',
    title: `${row.name} | ${SITE_NAME}`,
    description: shorten(`الملف الشخصي لـ${row.name}${where} على مزاد: مزاداته وتقييماته.`),
    image: row.profile_image,
  };
}

/**
 * `tagsFor(path)`: for a page with a preview, a function that renders its tags (the site's tags
 * when the auction or member is missing, deleted or the read fails: a preview never breaks the
 * page); undefined for any other page.
 */
export function sharePreviews(db: DataSource, origin: string) {
  const rules: [RegExp, (db: DataSource, id: string) => Promise<Omit<Preview, 'path'> | undefined>][] = [
    [AUCTION_PAGE, auctionPreview],
    [PROFILE_PAGE, profilePreview],
  ];
  return {
    tagsFor(path: string): (() => Promise<string>) | undefined {
      for (const [pattern, read] of rules) {
        const id = pattern.exec(path)?.[1];
        if (id === undefined) continue;
        return async () => {
          const found = UUID.test(id) ? await read(db, id).catch(() => undefined) : undefined;
          return renderTags(origin, { ...(found ?? SITE_PREVIEW), path });
        };
      }
      return undefined;
    },
  };
}
