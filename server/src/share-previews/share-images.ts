import { Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { errorBodyOf } from '../common/errors/error-body';
import { pathOf } from '../common/http/raw-request';
import { decodeSlots, IMAGE_PRESETS, ImageStorageService } from '../infrastructure/storage/image-storage.service';
import { coverTile, renderShareCard } from './share-card';
import {
  CARD_TYPE,
  cardVersion,
  readSubject,
  SHARE_IMAGES_PREFIX,
  ShareSubject,
  SITE_SUBJECT,
  SubjectKind,
} from './share-subjects';

type Next = (err?: unknown) => void;

/**
 * Rendered cards kept per process, by version (a new title, price or cover is a new entry):
 * a card is 30–120 KB, so about two hundred of them.
 */
const CACHE_BYTES = 16 * 1024 * 1024;
/**
 * Renders waiting for the process's decode slot (shared with the uploads, one at a time:
 * image-storage.service.ts) past which a card that is not cached is answered with the site's
 * card, uncached: a crawl of many pages, or someone asking for every auction's card, costs at
 * most one render at a time and never holds up the uploads for long.
 */
const MAX_WAITING_RENDERS = 4;
/** Stored uploads are at most this many pixels (the auction preset); a larger file is not ours. */
const COVER_MAX_PIXELS = IMAGE_PRESETS.auction.maxWidth * IMAGE_PRESETS.auction.maxHeight;
const CARD_PATH = new RegExp(`^${SHARE_IMAGES_PREFIX}/(auction|profile)/([^/]+)\\.jpg$`);
const SITE_CARD_PATH = SITE_SUBJECT.cardPath;

const logger = new Logger('ShareImages');

/**
 * The sharing cards at `/share/auction/<id>.jpg`, `/share/profile/<id>.jpg` and
 * `/share/site.jpg` (share-card.ts draws them; share-previews.ts names them with `?v=<version>`).
 * Asked with its current version, a card is cacheable for a year (its URL changes with its
 * content); asked without, or with a former one, for five minutes. A missing or deleted auction
 * or member is a 404, anything else under /share too.
 */
export function shareImages(db: DataSource, storage: ImageStorageService) {
  const cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (card) => card.length });
  const rendering = new Map<string, Promise<Buffer>>();

  /** The cover's tile, or none: not a stored upload, gone, unreadable or larger than uploads are. */
  async function cover(subject: ShareSubject): Promise<Buffer | undefined> {
    const file = storage.pathOf(subject.card.cover);
    if (!file) return undefined;
    return coverTile(file, COVER_MAX_PIXELS).catch((err: unknown) => {
      logger.warn({ err, cover: subject.card.cover }, 'Sharing card drawn without its cover');
      return undefined;
    });
  }

  /** The card of this version: cached, being drawn (joined), or drawn now in a decode slot. */
  function card(subject: ShareSubject, version: string): Promise<Buffer> | undefined {
    const cached = cache.get(version);
    if (cached) return Promise.resolve(cached);
    const running = rendering.get(version);
    if (running) return running;
    if (subject !== SITE_SUBJECT && decodeSlots.pendingCount >= MAX_WAITING_RENDERS) return undefined;
    const drawn = decodeSlots(async () => renderShareCard({ ...subject.card, cover: await cover(subject) }))
      .then((jpeg) => {
        cache.set(version, jpeg);
        return jpeg;
      })
      .finally(() => rendering.delete(version));
    rendering.set(version, drawn);
    return drawn;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, subject: ShareSubject) {
    const version = cardVersion(subject);
    const asked = new URL(req.url ?? '/', 'http://x').searchParams.get('v');
    const drawing = card(subject, version);
    res.setHeader('Content-Type', CARD_TYPE);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!drawing) {
      // Too many renders waiting: the site's card for now, never stored under this URL.
      res.setHeader('Cache-Control', 'no-store');
      return send(req, res, await card(SITE_SUBJECT, cardVersion(SITE_SUBJECT))!);
    }
    const etag = `"${version}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', asked === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      return res.end();
    }
    send(req, res, await drawing);
  }

  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = pathOf(req);
    if (path !== SHARE_IMAGES_PREFIX && !path.startsWith(`${SHARE_IMAGES_PREFIX}/`)) return next();
    const match = CARD_PATH.exec(path);
    const subject =
      path === SITE_CARD_PATH
        ? Promise.resolve(SITE_SUBJECT)
        : match
          ? readSubject(db, match[1] as SubjectKind, match[2])
          : Promise.resolve(undefined);
    subject
      .then((found) => (found ? answer(req, res, found) : notFound(res)))
      .catch((err: unknown) => {
        logger.error({ err, path }, 'Could not draw a sharing card');
        if (res.headersSent) return res.destroy();
        res.removeHeader('Cache-Control');
        res.removeHeader('ETag');
        sendError(res, 500, 'INTERNAL_ERROR');
      });
  };
}

function send(req: IncomingMessage, res: ServerResponse, jpeg: Buffer) {
  res.statusCode = 200;
  res.setHeader('Content-Length', jpeg.length);
  res.end(req.method === 'HEAD' ? undefined : jpeg);
}

function notFound(res: ServerResponse) {
  sendError(res, 404, 'NOT_FOUND');
}

function sendError(res: ServerResponse, status: number, code: 'NOT_FOUND' | 'INTERNAL_ERROR') {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(errorBodyOf(code, status)));
}
