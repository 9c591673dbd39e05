import { AuctionStatus, filsToJod, formatJod } from '@mazad/contracts';
import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card';

/**
 * What a sharing preview says about one page (share-previews.ts: the tags) and shows on its
 * card (share-images.ts: the picture), read once from the database for both. A missing,
 * deleted or unreadable auction or member is `undefined`: the site's own subject stands in.
 */

export const SITE_NAME = 'مزاد';
const SITE_TITLE = 'مزاد | المزادات الإلكترونية في الأردن';
const SITE_DESCRIPTION =
  'مزاد: سوق المزادات الإلكترونية في الأردن. زايد أو اشترِ فوراً أو اعرض ما لديك للبيع بالدينار الأردني.';
/** Longer descriptions are cut: the previews show two or three lines. */
const DESCRIPTION_MAX = 200;
/**
 * Part of every card's version: raise it when the card's design (share-card.ts) changes, so
 * the previews name new picture URLs and the crawlers fetch them.
 */
const CARD_DESIGN = 1;

/** Where the cards are served (outside /api; SERVER_PATHS of infrastructure/static/front-ends.ts). */
export const SHARE_IMAGES_PREFIX = '/share';
export const CARD_TYPE = 'image/jpeg';
export const CARD_SIZE = { width: CARD_WIDTH, height: CARD_HEIGHT };

export interface ShareSubject {
  type: 'website' | 'product' | 'profile';
  /** og:title and og:description. */
  title: string;
  description: string;
  /** What the card shows (share-card.ts); `cover` is the stored upload's URL, if any. */
  card: { heading: string; label: string; highlight: string; cover: string | null };
  /** The card's path, without its version: `/share/auction/<id>.jpg`. */
  cardPath: string;
}

export const SITE_SUBJECT: ShareSubject = {
  type: 'website',
  title: SITE_TITLE,
  description: SITE_DESCRIPTION,
  card: {
    heading: 'المزادات الإلكترونية في الأردن',
    label: 'زايد أو اشترِ فوراً أو اعرض ما لديك للبيع',
    highlight: 'بالدينار الأردني',
    cover: null,
  },
  cardPath: `${SHARE_IMAGES_PREFIX}/site.jpg`,
};

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

async function auctionSubject(db: DataSource, id: string): Promise<ShareSubject | undefined> {
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
    card: { heading: row.title, label: 'السعر الحالي', highlight: price, cover: row.image },
    cardPath: `${SHARE_IMAGES_PREFIX}/auction/${id}.jpg`,
  };
}

async function profileSubject(db: DataSource, id: string): Promise<ShareSubject | undefined> {
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
    card: {
      heading: row.name,
      label: 'الملف الشخصي على مزاد',
      highlight: row.location ? `من ${row.location}` : 'مزاداته وتقييماته',
      cover: row.profile_image,
    },
    cardPath: `${SHARE_IMAGES_PREFIX}/profile/${id}.jpg`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type SubjectKind = 'auction' | 'profile';
const READERS: Record<SubjectKind, (db: DataSource, id: string) => Promise<ShareSubject | undefined>> = {
  auction: auctionSubject,
  profile: profileSubject,
};

/** The subject of an auction or a member; undefined when missing, deleted, malformed or unreadable. */
export async function readSubject(db: DataSource, kind: SubjectKind, id: string): Promise<ShareSubject | undefined> {
  if (!UUID.test(id)) return undefined;
  return READERS[kind](db, id).catch(() => undefined);
}

/**
 * The card's version: a digest of what it shows. It is the `v` of the card's URL in the
 * preview, so a new title, price or cover is a new URL (the crawlers cache images by URL).
 */
export function cardVersion(subject: ShareSubject): string {
  const { heading, label, highlight, cover } = subject.card;
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, heading, label, highlight, cover]))
    .digest('hex')
    .slice(0, 16);
}

/** The card's path with its version, as the preview names it. */
export const cardUrl = (subject: ShareSubject) => `${subject.cardPath}?v=${cardVersion(subject)}`;
