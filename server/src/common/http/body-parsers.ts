import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { AppException } from '../errors/app.exception';

/** Limit for JSON and form bodies; images travel as multipart with their own limits. */
export const BODY_LIMIT = '100kb';

/**
 * body-parser errors become our error format: malformed JSON → 400 MALFORMED_JSON,
 * too large → 413 PAYLOAD_TOO_LARGE (Nest would otherwise turn them into a bare 400).
 */
function mapParserError(err: { type?: string } | undefined, _req: Request, _res: Response, next: NextFunction) {
  if (err?.type === 'entity.parse.failed') return next(new AppException('MALFORMED_JSON'));
  if (err?.type === 'entity.too.large') return next(new AppException('PAYLOAD_TOO_LARGE'));
  return next(err);
}

export const bodyParsers = [
  express.json({ limit: BODY_LIMIT }),
  express.urlencoded({ limit: BODY_LIMIT, extended: false }),
  mapParserError,
];
