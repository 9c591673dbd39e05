import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import onHeaders from 'on-headers';
import vary from 'vary';
import { pathOf } from '../../common/http/raw-request';
import { AppConfig } from '../../config/app-config';
import { beforeHeadEnd, firstPageDocuments } from './first-pages';
import { perBuild } from './per-build';

/** Express-style middleware on the raw request and response (run by @fastify/middie). */
type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * What a feature adds to the web app's pages (the sharing previews: share-previews/): paths of
 * its own answered before the files (the cards at `/share`), and tags for the head of the pages
 * it knows.
 */
export interface PageAdditions {
  /** Answers the feature's own paths; anything else goes on. */
  middleware(): Middleware;
  /** For a page it adds tags to, a function that renders them; undefined for any other page. */
  headTagsFor(path: string): (() => Promise<string>) | undefined;
}

/** Paths that belong to the server itself: never answered with a front end's index.html. */
const SERVER_PATHS = /^\/(api|uploads|share|socket\.io)(\/|$)/;

/**
 * Where the console lives, and the older console addresses that lead into it (R-CONSOLE-ROUTES).
 * `/banner-management` is not one of them: it is a page of the web app, which knows who is
 * signed in and sends a member who is not an operator home with the "not permitted" message.
 */
export const CONSOLE_PATH = '/admin';
export const CONSOLE_REDIRECTS: Readonly<Record<string, string>> = {
  '/admin-login': '/admin/#/login',
  '/admin/management': '/admin/#/users',
};

/** A usable build: the folder is configured and holds an index.html. */
function builtFrontEnd(dir: string): string | undefined {
  return dir !== '' && existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/** Hashed build output (Vite's assets/) is cached for good; everything else is revalidated. */
function cacheHeaders(res: ServerResponse, path: string) {
  res.setHeader(
    'Cache-Control',
    path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * A front end's files. The web build ships each asset precompressed (`.br`, `.gz` beside it,
 * web/vite.config.ts); those are sent as they are, brotli first, with `Content-Encoding` and
 * `Vary: Accept-Encoding`. A file without a precompressed copy falls through to plain
 * serve-static and is compressed on the fly by `compressFrontEnds`.
 */
function staticFiles(dir: string): Middleware {
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: 'index.html',
    serveStatic: { index: 'index.html', redirect: false, setHeaders: cacheHeaders },
  }) as unknown as Middleware;
  // express-static-gzip reads Express's `req.path` (a getter on the current url, which it rewrites).
  // Files answer GET and HEAD only. express-static-gzip sets `Content-Type` and `Content-Encoding`
  // for a precompressed copy before serve-static declines another method, so a POST to `/` with
  // `Accept-Encoding: gzip` reached the JSON 404 with an HTML type set: Fastify refused to send
  // it, a 500.
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    Object.defineProperty(req, 'path', { get: () => pathOf(req), configurable: true });
    serve(req, res, next);
  };
}

/**
 * On-the-fly brotli/gzip for what the front ends send without a precompressed copy (the
 * console's assets, index.html). Responses already encoded are left alone, and the server's
 * own paths (API, uploads, Socket.IO) are not touched.
 */
function compressFrontEnds(): Middleware {
  const compress = compression() as unknown as Middleware;
  return (req, res, next) => (SERVER_PATHS.test(pathOf(req)) ? next() : compress(req, res, next));
}

/** A browser navigation: GET/HEAD that asks for HTML (scripts and fetches ask for other types). */
function isPageRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

/** A front end's page: HTML, revalidated on every visit (it names the hashed assets of its build). */
function startPage(res: ServerResponse) {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Marks an answer chosen by the request's Accept header (a browser navigation gets a page,
 * anything else the static file or a JSON 404): `Vary: Accept`, so that a cache never hands
 * the page to a fetch, or the JSON to a navigation. Added as the headers go out, merged with
 * whatever else varies (express-static-gzip replaces the header with its `Accept-Encoding`).
 */
function variesByAccept(res: ServerResponse) {
  onHeaders(res, () => vary(res, 'Accept'));
}

function sendIndex(req: IncomingMessage, res: ServerResponse, next: Next, dir: string) {
  const file = createReadStream(join(dir, 'index.html'));
  file.once('error', next);
  file.once('open', () => {
    startPage(res);
    if (req.method === 'HEAD') {
      file.destroy();
      res.end();
    } else file.pipe(res);
  });
}

function redirect(res: ServerResponse, status: number, location: string) {
  res.statusCode = status;
  res.setHeader('Location', location);
  res.end();
}

/**
 * The single-page-app fallback: a browser navigation that no file answered gets `dir`'s
 * index.html; anything else goes on (to the JSON 404). Paths matching `except` are not its own.
 */
function pageFallback(dir: string, except?: RegExp): Middleware {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || except?.test(pathOf(req))) return next();
    variesByAccept(res);
    return isPageRequest(req) ? sendIndex(req, res, next, dir) : next();
  };
}

/**
 * Serves the built member web app at `/` and the operator console at `/admin`, each with a
 * single-page-app fallback to its index.html for browser navigations. `/api/*`, `/uploads/*`
 * and `/socket.io/*` are left to the server, so unknown API routes still answer JSON 404.
 * A front end whose folder is '' or has no index.html is simply not served. The web app's pages
 * carry `additions` (its paths first, its head tags in the pages it knows).
 * Must run before the Nest routes are registered (i.e. in createApp, before listen/init).
 */
export function serveFrontEnds(app: NestFastifyApplication, config: AppConfig, additions: PageAdditions): void {
  const admin = builtFrontEnd(config.adminDistDir);
  const web = builtFrontEnd(config.webDistDir);
  if (admin || web) app.use(compressFrontEnds());

  if (admin) {
    app.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const path = pathOf(req);
      const target = CONSOLE_REDIRECTS[path.replace(/\/+$/, '')];
      if (target) return redirect(res, 302, target);
      // Relative asset URLs resolve against /admin/, not /.
      if (path === CONSOLE_PATH) return redirect(res, 301, `${CONSOLE_PATH}/`);
      next();
    });
    app.use(CONSOLE_PATH, staticFiles(admin));
    app.use(CONSOLE_PATH, pageFallback(admin));
  }

  if (web) {
    // The pages visitors open first get their index.html with preload hints (first-pages.ts);
    // auction and profile pages get their sharing preview's tags (the additions), whose
    // pictures the additions' middleware serves at /share.
    app.use(additions.middleware());
    const firstPages = firstPageDocuments(web);
    const plainIndex = perBuild(web, (built) => (built ? readFileSync(join(web, 'index.html'), 'utf8') : ''));
    app.use((req: IncomingMessage, res: ServerResponse, next: Next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const path = pathOf(req);
      const html = firstPages.html(path, (req.url ?? '').includes('?'));
      const previewTags = additions.headTagsFor(path);
      if (html === undefined && previewTags === undefined) return next();
      // A navigation gets this document; anything else what the files and the fallback answer.
      variesByAccept(res);
      if (!isPageRequest(req)) return next();
      const send = (document: string) => {
        startPage(res);
        res.end(req.method === 'HEAD' ? undefined : document);
      };
      if (previewTags === undefined) return send(html!);
      previewTags().then((tags) => send(beforeHeadEnd(html ?? plainIndex(), tags)), next);
    });
    app.use(staticFiles(web));
    app.use(pageFallback(web, SERVER_PATHS));
  }
}
