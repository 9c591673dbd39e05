import { HttpException } from '@nestjs/common';
import { ApiErrorBody, ERROR_MESSAGES, ERROR_STATUS, ErrorCode } from '@mazad/contracts';

/** What a throw site may add to the body: field errors, retryAfter…, or a more precise Arabic text. */
export type AppExceptionExtra = Partial<Omit<ApiErrorBody, 'statusCode' | 'code' | 'error'>>;

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
    const message = extra.message ?? ERROR_MESSAGES[code];
    const body: ApiErrorBody = { ...extra, statusCode: status, code, message, error: message };
    super(body, status);
  }
}

/** 429 with the seconds to wait (body `retryAfter`, answered as the Retry-After header too). */
export const tooManyRequests = (code: ErrorCode = 'RATE_LIMITED', retryAfterSeconds?: number) =>
  new AppException(code, retryAfterSeconds ? { retryAfter: retryAfterSeconds } : {});
