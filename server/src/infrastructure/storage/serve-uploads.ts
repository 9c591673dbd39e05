import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { mkdirSync } from 'node:fs';
import { ApiErrorBody, ERROR_MESSAGES } from '@mazad/contracts';
import type { AppConfig } from '../../config/app-config';
import { UPLOADS_URL_PREFIX } from './image-storage.service';

/**
 * Serves stored images at /uploads/<name> (outside the /api prefix). Names are random and
 * never reused, so responses are cacheable for a year. Only files: no directory listing, no
 * dotfiles. Anything else under /uploads is a JSON 404 here, so it never reaches the web
 * app's fallback page. Nothing is mounted without UPLOAD_DIR.
 */
export function serveUploads(app: NestExpressApplication, config: AppConfig): void {
  if (!config.uploadDir) return;
  mkdirSync(config.uploadDir, { recursive: true });
  app.useStaticAssets(config.uploadDir, {
    prefix: UPLOADS_URL_PREFIX,
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
  app.use(UPLOADS_URL_PREFIX, (_req: Request, res: Response) => {
    const body: ApiErrorBody = {
      statusCode: 404,
      code: 'NOT_FOUND',
      message: ERROR_MESSAGES.NOT_FOUND,
      error: ERROR_MESSAGES.NOT_FOUND,
    };
    res.status(404).json(body);
  });
}
