import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
    const response = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest & { raw: { id?: string } }>();
    const { status, body, unexpected } = describeError(exception);
    if (unexpected) this.logUnexpected(exception, request);
    if (response.sent || response.raw.headersSent) return;
    // 429 and 503 AUCTION_BUSY: the seconds to wait, in the body and as the standard header.
    if (body.retryAfter) response.header('Retry-After', String(body.retryAfter));
    response.status(status).send(body);
  }

  private logUnexpected(exception: unknown, request: FastifyRequest & { raw: { id?: string } }) {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error(
      {
        err,
        // The request id of the log lines (pino-http's, on the raw request).
        requestId: request.raw.id,
        method: request.method,
        url: request.url,
        userId: (request as { user?: { id?: string } }).user?.id,
      },
      `Unexpected error on ${request.method} ${request.url}: ${err.message}`,
    );
  }
}
