import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config';
import { LOG_REDACTION } from './redact';
import { responseLogLevel } from './response-log-level';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: its X-Request-Id when sane (a proxy's or a client's), else a new UUID. The
 * HTTP server assigns it (app.factory.ts: Fastify's genReqId, echoed in X-Request-Id) and the
 * log lines of the request carry it.
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Structured JSON logs; every request gets an id (taken from X-Request-Id when sane) echoed back. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          // Normally already set from Fastify's id (@fastify/middie copies it onto the raw request).
          genReqId: requestIdOf,
          // Session headers and the SQL values of database errors never reach a log line.
          ...LOG_REDACTION,
          customLogLevel: (_req, res, err) => responseLogLevel(res, err),
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
