import { stdSerializers } from 'pino';

/** Stands in for every value that must never reach a log line. */
export const REDACTED = '[redacted]';

/**
 * Paths pino blanks in every line (request headers that carry sessions, and the SQL values
 * of a database error wherever the error sits). The error serialiser below also scrubs them,
 * so an error logged under another key or nested as a cause is covered too.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'err.parameters',
  'err.detail',
  'err.driverError.parameters',
  'err.driverError.detail',
  'error.parameters',
  'error.detail',
];

/** Fields of a TypeORM QueryFailedError / pg DatabaseError that carry row values. */
const VALUE_FIELDS = new Set(['parameters', 'detail', 'where', 'internalQuery']);
/** Things that look like secrets or personal data inside free text (an error message, a query). */
const SENSITIVE_TEXT: [RegExp, string][] = [
  [/\$argon2(id|i|d)\$[^\s"',)]+/g, '$argon2…[redacted]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\+?\d[\d\s()-]{7,}\d/g, '[number]'],
];

export function scrubText(text: string): string {
  return SENSITIVE_TEXT.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (VALUE_FIELDS.has(key)) out[key] = Array.isArray(v) ? `${REDACTED} (${v.length} values)` : REDACTED;
    else if (key === 'stack' && typeof v === 'string') out[key] = scrubText(v);
    else out[key] = scrub(v, depth + 1);
  }
  return out;
}

/**
 * pino's error serialiser, then the SQL values removed: a failed query's `parameters` (argon2
 * hashes, e-mails, phones of the row being written), pg's `detail` ("Key (email)=(…) already
 * exists") and the same in `driverError`; hashes, e-mails and phone-like numbers left in the
 * message or stack are masked. The SQL text itself (with `$1` placeholders) stays for debugging.
 */
export function serializeError(err: unknown): unknown {
  const serialized = err instanceof Error ? stdSerializers.err(err) : err;
  return scrub(serialized, 0);
}

/** The pino options that keep secrets and personal data out of the logs (used by LoggingModule). */
export const LOG_REDACTION = {
  redact: { paths: REDACT_PATHS, censor: REDACTED },
  serializers: { err: serializeError, error: serializeError },
};
