import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

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
 */
export function compressApiReads(): RequestHandler {
  return compression({
    threshold: API_COMPRESSION_THRESHOLD,
    filter: (req, res) => isApiRead(req as Request) && compression.filter(req, res as Response),
  }) as RequestHandler;
}
