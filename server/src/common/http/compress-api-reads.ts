import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf } from './raw-request';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD = 1024;

const API_PATH = /^\/api(\/|$)/;

/** Only reads of the API: GET (and HEAD) under /api. Bids, buys and every other write are left alone. */
function isApiRead(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && API_PATH.test(pathOf(req));
}

/**
 * Brotli/gzip for the API's JSON reads above 1 KiB (the home page's list of 50 auctions is
 * ~40 KiB of JSON, ~6 KiB compressed): the first screen's data arrives sooner on a slow link.
 * The body is unchanged, so the error format `{ statusCode, code, message, error }` is too.
 * Other requests skip the middleware entirely rather than through compression's `filter`,
 * which runs only after it has wrapped the response's write, end and writeHead: a cost on
 * every bid for nothing (docs/adr/0009-lean-http-path.md).
 */
export function compressApiReads() {
  const compress = compression({ threshold: API_COMPRESSION_THRESHOLD });
  return (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) =>
    isApiRead(req) ? compress(req as never, res as never, next) : next();
}
