import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import getRawBody from 'raw-body';
import type { ErrorCode } from '@mazad/contracts';
import { AppException } from '../errors/app.exception';
import { MAX_INPUT_DEPTH } from '../validation/input-hygiene.pipe';

/** Limit for JSON and form bodies; images travel as multipart with their own limits. */
export const BODY_LIMIT = '100kb';

/** Most fields of a form body (as Express's urlencoded parser); more is 413. */
const FORM_PARAMETER_LIMIT = 1000;

/** A body we refuse while reading it; `type` is what PARSER_ERRORS reads (raw-body uses the same). */
class BodyRefused extends Error {
  constructor(readonly type: string) {
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

/** Body read failures (raw-body's error types and ours) → our codes; the one place they are mapped. */
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
 * A read failure in our error format: a known type maps through PARSER_ERRORS; any other
 * failure of the stream (a broken gzip, deflate or brotli body is a zlib error) is 400
 * BODY_UNREADABLE, something the client sent, never a 500.
 */
function bodyError(err: unknown): AppException {
  const type = (err as { type?: string }).type;
  return new AppException((type && PARSER_ERRORS[type]) || 'BODY_UNREADABLE');
}

/** The charset of a Content-Type, lower-cased ('' when none). */
function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match ? match[1].toLowerCase() : '';
}

/** The body's bytes as sent (decoded per Content-Encoding), at most BODY_LIMIT of them. */
async function readBody(headers: IncomingHttpHeaders, payload: Readable): Promise<Buffer> {
  const charset = charsetOf(headers['content-type']);
  // JSON is UTF-8 (the depth scan reads bytes); forms are ASCII with %-escapes of UTF-8.
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new BodyRefused('charset.unsupported');
  const encoding = (headers['content-encoding'] ?? 'identity').toLowerCase();
  let stream: Readable;
  if (encoding === 'identity') stream = payload;
  else if (encoding === 'gzip' || encoding === 'x-gzip') stream = payload.pipe(createGunzip());
  else if (encoding === 'deflate') stream = payload.pipe(createInflate());
  else if (encoding === 'br') stream = payload.pipe(createBrotliDecompress());
  else throw new BodyRefused('encoding.unsupported');
  if (stream !== payload) payload.on('error', (err) => stream.destroy(err));
  // The declared length is checked on the bytes as sent, i.e. only without an encoding.
  const length = encoding === 'identity' ? headers['content-length'] : undefined;
  return getRawBody(stream, { limit: BODY_LIMIT, length });
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) return {};
  // Before JSON.parse builds anything: deeper documents would exhaust the stack of
  // class-transformer and class-validator (10,000 levels fit in 20 KB).
  if (jsonDepthExceeds(bytes, MAX_INPUT_DEPTH)) throw new BodyRefused('entity.too.deep');
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new BodyRefused('entity.parse.failed');
  }
}

function parseForm(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (text.split('&').length > FORM_PARAMETER_LIMIT) throw new BodyRefused('parameters.too.many');
  return { ...parseQuery(text) };
}

type Parse = (bytes: Buffer) => unknown;

function reader(parse: Parse) {
  return (request: FastifyRequest, payload: Readable, done: (err: Error | null, body?: unknown) => void) => {
    readBody(request.headers, payload).then(
      (bytes) => {
        try {
          done(null, parse(bytes));
        } catch (err) {
          done(bodyError(err));
        }
      },
      (err: unknown) => done(bodyError(err)),
    );
  };
}

/** Leaves the body unread: multipart is read by the route's upload interceptor (multer). */
function unread(_request: FastifyRequest, _payload: Readable, done: (err: Error | null, body?: unknown) => void) {
  done(null, undefined);
}

/**
 * The body parsers of the API, registered on Fastify in place of its own: JSON (UTF-8 only,
 * at most MAX_INPUT_DEPTH levels, checked on the bytes before JSON.parse) and forms, both up
 * to BODY_LIMIT after decoding gzip, deflate or brotli; every failure in our error format
 * (PARSER_ERRORS). Multipart and any other type are left unread, as Express did: the upload
 * interceptor reads multipart, and a route expecting JSON then refuses the missing fields.
 */
export function registerBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', reader(parseJson));
  fastify.addContentTypeParser('application/x-www-form-urlencoded', reader(parseForm));
  fastify.addContentTypeParser('multipart/form-data', unread);
  fastify.addContentTypeParser('*', unread);
}
