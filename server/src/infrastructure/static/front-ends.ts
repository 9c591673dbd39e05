import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { firstPageDocuments } from './first-pages';

/** Paths that belong to the server itself: never answered with a front end's index.html. */
const SERVER_PATHS = /^\/(api|uploads|socket\.io)(\/|$)/;

/** Where the console lives, and the specification's older console routes that lead into it. */
export const CONSOLE_PATH = '/admin';
export const CONSOLE_REDIRECTS: Readonly<Record<string, string>> = {
  '/admin-login': '/admin/#/login',
  '/admin/management': '/admin/#/users',
  '/banner-management': '/admin/#/banners',
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
function staticFiles(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: 'index.html',
    serveStatic: { index: 'index.html', redirect: false, setHeaders: cacheHeaders },
  }) as RequestHandler;
}

/**
 * On-the-fly brotli/gzip for what the front ends send without a precompressed copy (the
 * console's assets, index.html). Responses already encoded are left alone, and the server's
 * own paths (API, uploads, Socket.IO) are not touched.
 */
function compressFrontEnds(): RequestHandler {
  return compression({
    filter: (req, res) => !SERVER_PATHS.test((req as Request).path) && compression.filter(req, res),
  }) as RequestHandler;
}

/** A browser navigation: GET/HEAD that asks for HTML (scripts and fetches ask for other types). */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
}

function sendIndex(res: Response, next: NextFunction, dir: string) {
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(join(dir, 'index.html'), (err) => err && next(err));
}

/**
 * Serves the built member web app at `/` and the operator console at `/admin`, each with a
 * single-page-app fallback to its index.html for browser navigations. `/api/*`, `/uploads/*`
 * and `/socket.io/*` are left to the server, so unknown API routes still answer JSON 404.
 * A front end whose folder is '' or has no index.html is simply not served.
 * Must run before the Nest routes are registered (i.e. in createApp, before listen/init).
 */
export function serveFrontEnds(app: NestExpressApplication, config: AppConfig): void {
  const admin = builtFrontEnd(config.adminDistDir);
  const web = builtFrontEnd(config.webDistDir);
  if (admin || web) app.use(compressFrontEnds());

  if (admin) {
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const target = CONSOLE_REDIRECTS[req.path.replace(/\/+$/, '')];
      if (target) return res.redirect(302, target);
      // Relative asset URLs resolve against /admin/, not /.
      if (req.path === CONSOLE_PATH) return res.redirect(301, `${CONSOLE_PATH}/`);
      next();
    });
    app.use(CONSOLE_PATH, staticFiles(admin));
    app.use(CONSOLE_PATH, (req: Request, res: Response, next: NextFunction) =>
      isPageRequest(req) ? sendIndex(res, next, admin) : next(),
    );
  }

  if (web) {
    // The pages visitors open first get their index.html with preload hints (first-pages.ts).
    const firstPages = firstPageDocuments(web);
    app.use((req: Request, res: Response, next: NextFunction) => {
      const html = isPageRequest(req) ? firstPages.html(req.path, req.url.includes('?')) : undefined;
      if (html === undefined) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    });
    app.use(staticFiles(web));
    app.use((req: Request, res: Response, next: NextFunction) =>
      isPageRequest(req) && !SERVER_PATHS.test(req.path) ? sendIndex(res, next, web) : next(),
    );
  }
}
