import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import type { ErrorCode } from '@mazad/contracts';
import { AppException } from '../errors/app.exception';
import { MAX_INPUT_DEPTH } from '../validation/input-hygiene.pipe';

/** Limit for JSON and form bodies; images travel as multipart with their own limits. */
export const BODY_LIMIT = '100kb';

/** A body-parser failure we raise ourselves from `verify`; `type` is what mapParserError reads. */
class BodyRefused extends Error {
  constructor(
    readonly type: string,
    readonly status: number,
  ) {
    super(type);
  }
}

const OPEN = [0x7b, 0x5b]; // { [
const CLOSE = [0x7d, 0x5d]; // } ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Deepest nesting of a JSON text, counted on the raw UTF-8 bytes before JSON.parse (one pass,
 * no recursion), stopping as soon as `limit` is passed. Braces inside strings do not count.
 */
export function jsonDepthExceeds(bytes: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i += 1;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (OPEN.includes(b)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSE.includes(b)) depth -= 1;
  }
  return false;
}

/**
 * Checked while parsing, before JSON.parse builds anything: JSON must be UTF-8 (the depth scan
 * reads bytes) and at most MAX_INPUT_DEPTH levels deep (deeper documents would exhaust the
 * stack of class-transformer and class-validator: 10,000 levels fit in 20 KB).
 */
function verifyJson(_req: Request, _res: Response, body: Buffer, encoding: string) {
  if (encoding.toLowerCase() !== 'utf-8') throw new BodyRefused('charset.unsupported', 415);
  if (jsonDepthExceeds(body, MAX_INPUT_DEPTH)) throw new BodyRefused('entity.too.deep', 400);
}

/** body-parser error types (http-errors `type`) → our codes; the one place they are mapped. */
const PARSER_ERRORS: Record<string, ErrorCode> = {
  'entity.parse.failed': 'MALFORMED_JSON',
  'entity.too.large': 'PAYLOAD_TOO_LARGE',
  'parameters.too.many': 'PAYLOAD_TOO_LARGE',
  'entity.too.deep': 'INPUT_TOO_DEEP',
  'charset.unsupported': 'UNSUPPORTED_CHARSET',
  'encoding.unsupported': 'UNSUPPORTED_CONTENT_ENCODING',
  'request.aborted': 'BODY_UNREADABLE',
  'request.size.invalid': 'BODY_UNREADABLE',
};

/**
 * body-parser errors become our error format. Only parser errors reach this handler (it sits
 * right after the parsers): a known type maps through PARSER_ERRORS; any other client error
 * (a broken gzip or deflate stream is a zlib error with status 400 and no type) is 400
 * BODY_UNREADABLE; only a server-side failure stays a 500.
 */
function mapParserError(
  err: { type?: string; status?: number } | undefined,
  _req: Request,
  _res: Response,
  next: NextFunction,
) {
  if (!err) return next();
  const code = err.type ? PARSER_ERRORS[err.type] : undefined;
  if (code) return next(new AppException(code));
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    return next(new AppException('BODY_UNREADABLE'));
  }
  return next(err);
}

export const bodyParsers = [
  express.json({ limit: BODY_LIMIT, verify: verifyJson }),
  express.urlencoded({ limit: BODY_LIMIT, extended: false }),
  mapParserError,
];
