import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiErrorBody, ERROR_MESSAGES, ErrorCode } from '@mazad/contracts';

/** Status → code for errors raised by Nest or Express rather than by our handlers. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The error body of a code from the ERRORS table (status and Arabic text from the table). */
export function errorBodyOf(code: ErrorCode, status: number = HttpStatus.BAD_REQUEST): ApiErrorBody {
  const message = ERROR_MESSAGES[code];
  return { statusCode: status, code, message, error: message };
}

/** What a failure answers, whatever the transport (an HTTP answer or a socket acknowledgement). */
export interface DescribedError {
  status: number;
  body: ApiErrorBody;
  /** Not one of our refusals: log it with its context (its text never reaches the client). */
  unexpected: boolean;
}

/**
 * The one mapping from a thrown value to `{ statusCode, code, message, error }` (Arabic text),
 * used by the HTTP exception filter and by socket events that answer like HTTP calls (bids).
 * AppExceptions keep their body; other HttpExceptions get the code of their status; anything
 * else is 500 INTERNAL_ERROR, without internals.
 */
export function describeError(exception: unknown): DescribedError {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response) {
      return { status, body: response as ApiErrorBody, unexpected: false };
    }
    const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
    return { status, body: errorBodyOf(code, status), unexpected: status >= 500 };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: errorBodyOf('INTERNAL_ERROR', HttpStatus.INTERNAL_SERVER_ERROR),
    unexpected: true,
  };
}
