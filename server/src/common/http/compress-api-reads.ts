import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD = 1024;

const API_PATH = /^\/api(\/|$)/;

/** Only reads of the API: GET (and HEAD) under /api. Bids, buys and every other write are left alone. */
function isApiRead(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && API_PATH.test(req.path);
}

/**
 * Brotli/gzip for the API's JSON reads above 1 KiB (the home page's list of 50 auctions is
 * ~40 KiB of JSON, ~6 KiB compressed): the first screen's data arrives sooner on a slow link.
 * The body is unchanged, so the error format `{ statusCode, code, message, error }` is too.
 * Other requests skip the middleware entirely rather than through compression's `filter`,
 * which runs only after it has wrapped the response's write, end and writeHead: a cost on
 * every bid for nothing (docs/adr/0009-lean-http-path.md).
 */
export function compressApiReads(): RequestHandler {
  const compress = compression({ threshold: API_COMPRESSION_THRESHOLD }) as RequestHandler;
  return (req: Request, res: Response, next: NextFunction) => (isApiRead(req) ? compress(req, res, next) : next());
}
