import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveStatic from 'serve-static';
import { errorBodyOf } from '../../common/errors/error-body';
import type { AppConfig } from '../../config/app-config';
import { UPLOADS_URL_PREFIX } from './image-storage.service';

/**
 * Serves stored images at /uploads/<name> (outside the /api prefix). Names are random and
 * never reused, so responses are cacheable for a year. Only files: no directory listing, no
 * dotfiles. Anything else under /uploads is a JSON 404 here, so it never reaches the web
 * app's fallback page. Nothing is mounted without UPLOAD_DIR.
 */
export function serveUploads(app: NestFastifyApplication, config: AppConfig): void {
  if (!config.uploadDir) return;
  mkdirSync(config.uploadDir, { recursive: true });
  const files = serveStatic(config.uploadDir, {
    index: false,
    dotfiles: 'deny',
    redirect: false,
    fallthrough: true,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  app.use(UPLOADS_URL_PREFIX, files);
  app.use(UPLOADS_URL_PREFIX, (_req: IncomingMessage, res: ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(errorBodyOf('NOT_FOUND', 404)));
  });
}
