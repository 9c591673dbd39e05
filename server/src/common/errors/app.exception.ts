import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiErrorBody, ERROR_MESSAGES, ErrorCode } from '@mazad/contracts';

/**
 * The one exception the application throws on purpose: a stable code, its Arabic text and a
 * status. Extra fields (such as `redirectToReset`) are added to the body.
 */
export class AppException extends HttpException {
  constructor(
    readonly code: ErrorCode,
    status: HttpStatus,
    extra: Partial<ApiErrorBody> = {},
    message: string = ERROR_MESSAGES[code],
  ) {
    const body: ApiErrorBody = { statusCode: status, code, message, error: message, ...extra };
    super(body, status);
  }
}

/** Shorthands for the common statuses, so call sites read as the rule they enforce. */
export const badRequest = (code: ErrorCode, extra?: Partial<ApiErrorBody>) =>
  new AppException(code, HttpStatus.BAD_REQUEST, extra);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new AppException(code, HttpStatus.UNAUTHORIZED);
export const forbidden = (code: ErrorCode = 'FORBIDDEN') => new AppException(code, HttpStatus.FORBIDDEN);
export const notFound = (code: ErrorCode) => new AppException(code, HttpStatus.NOT_FOUND);
export const conflict = (code: ErrorCode, extra?: Partial<ApiErrorBody>) =>
  new AppException(code, HttpStatus.CONFLICT, extra);
export const tooManyRequests = (code: ErrorCode = 'RATE_LIMITED', retryAfterSeconds?: number) =>
  new AppException(code, HttpStatus.TOO_MANY_REQUESTS, retryAfterSeconds ? { retryAfter: retryAfterSeconds } as Partial<ApiErrorBody> : {});
