import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
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

function toBody(status: number, code: ErrorCode, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  const message = ERROR_MESSAGES[code];
  return { statusCode: status, code, message, error: message, ...extra };
}

/**
 * Every error leaves the server as `{ statusCode, code, message, error }` with Arabic text;
 * unexpected ones are logged with the request id and answered without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request & { id?: string }>();
    const { status, body } = this.describe(exception, request);
    if (response.headersSent) return;
    if (status === 429 && (body as { retryAfter?: number }).retryAfter) {
      response.setHeader('Retry-After', String((body as { retryAfter?: number }).retryAfter));
    }
    response.status(status).json(body);
  }

  private describe(exception: unknown, request: Request & { id?: string }): { status: number; body: ApiErrorBody } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'code' in response) {
        return { status, body: response as ApiErrorBody };
      }
      const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
      if (status >= 500) this.logUnexpected(exception, request);
      return { status, body: toBody(status, code) };
    }
    this.logUnexpected(exception, request);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: toBody(500, 'INTERNAL_ERROR') };
  }

  private logUnexpected(exception: unknown, request: Request & { id?: string }) {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(
      {
        err,
        requestId: request.id,
        method: request.method,
        url: request.originalUrl,
        userId: (request as { user?: { id?: string } }).user?.id,
      },
      `Unexpected error on ${request.method} ${request.originalUrl}: ${err.message}`,
    );
  }
}
