import { HttpException } from '@nestjs/common';
import { ApiErrorBody, ERROR_MESSAGES, ERROR_STATUS, ErrorCode } from '@mazad/contracts';

/** What a throw site may add to the body: field errors, retryAfter…, or a more precise Arabic text. */
export type AppExceptionExtra = Partial<Omit<ApiErrorBody, 'statusCode' | 'code' | 'error'>>;

/** Field errors listed in one refusal; the rest are only counted (`errorsOmitted`). */
export const MAX_LISTED_ERRORS = 20;
/** Longest field name or message echoed in a refusal (an unknown field's name is the sender's choice). */
export const MAX_ECHOED_TEXT = 200;

/** `text` cut to MAX_ECHOED_TEXT characters (never inside a surrogate pair), marked with "…". */
function clip(text: string): string {
  if (text.length <= MAX_ECHOED_TEXT) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_ECHOED_TEXT - 1]) ? MAX_ECHOED_TEXT - 1 : MAX_ECHOED_TEXT;
  return `${text.slice(0, end)}…`;
}

/**
 * Bounds what a refusal sends back (and what an idempotency key or a log line may keep of it),
 * whoever threw it: at most MAX_LISTED_ERRORS field errors plus the count of the others, each
 * name and message (the main message too) at most MAX_ECHOED_TEXT characters. A body with
 * thousands of unknown fields, or one field named with 100 KB, is refused in a few KB.
 */
function bounded(extra: AppExceptionExtra): AppExceptionExtra {
  const { errors, message } = extra;
  const listed = errors?.slice(0, MAX_LISTED_ERRORS).map((e) => ({ field: clip(e.field), message: clip(e.message) }));
  return {
    ...extra,
    ...(message === undefined ? {} : { message: clip(message) }),
    ...(errors === undefined ? {} : { errors: listed }),
    ...(errors && errors.length > MAX_LISTED_ERRORS ? { errorsOmitted: errors.length - MAX_LISTED_ERRORS } : {}),
  };
}

/**
 * The one exception the application throws on purpose: a stable code from contracts'
 * `ERRORS` table, which also gives its HTTP status and Arabic text. Extra fields (such as
 * `redirectToReset` or `errors`) are added to the body; `message` replaces the table's text
 * when the throw site knows better (e.g. "at most 3 images").
 */
export class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode,
    extra: AppExceptionExtra = {},
  ) {
    const status = ERROR_STATUS[code];
    const safe = bounded(extra);
    const message = safe.message ?? ERROR_MESSAGES[code];
    const body: ApiErrorBody = { ...safe, statusCode: status, code, message, error: message };
    super(body, status);
  }
}

/** 429 with the seconds to wait (body `retryAfter`, answered as the Retry-After header too). */
export const tooManyRequests = (code: ErrorCode = 'RATE_LIMITED', retryAfterSeconds?: number) =>
  new AppException(code, retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {});

/**
 * Seconds an AUCTION_BUSY answer tells the client to wait: an auction's queue drains in tens of
 * milliseconds, so the least Retry-After allows (clients add jitter: docs/reliability.md).
 */
export const AUCTION_BUSY_RETRY_AFTER_SECONDS = 1;

/** 503 AUCTION_BUSY: the bid engine could not take this now (nothing was written); retry. */
export const auctionBusy = () => new AppException('AUCTION_BUSY', { retryAfter: AUCTION_BUSY_RETRY_AFTER_SECONDS });
