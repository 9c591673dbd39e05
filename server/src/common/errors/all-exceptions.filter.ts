import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { describeError } from './error-body';

/**
 * Every error leaves the server as `{ statusCode, code, message, error }` with Arabic text
 * (describeError, shared with the socket bids); unexpected ones are logged with the request id
 * and answered without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request & { id?: string }>();
    const { status, body, unexpected } = describeError(exception);
    if (unexpected) this.logUnexpected(exception, request);
    if (response.headersSent) return;
    if (status === 429 && body.retryAfter) response.setHeader('Retry-After', String(body.retryAfter));
    response.status(status).json(body);
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
