import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../../config/app-config';
import { LOG_REDACTION } from './redact';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Structured JSON logs; every request gets an id (taken from X-Request-Id when sane) echoed back. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.logLevel,
          genReqId: (req, res) => {
            const incoming = req.headers['x-request-id'];
            const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
            res.setHeader('X-Request-Id', id);
            return id;
          },
          // Session headers and the SQL values of database errors never reach a log line.
          ...LOG_REDACTION,
          customLogLevel: (_req, res, err) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
