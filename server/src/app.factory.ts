import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { bodyParsers } from './common/http/body-parsers';
import { compressApiReads } from './common/http/compress-api-reads';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { createValidationPipe } from './common/validation/validation.pipe';
import { InputHygienePipe } from './common/validation/input-hygiene.pipe';
import { AppConfig } from './config/app-config';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveFrontEnds } from './infrastructure/static/front-ends';
import { serveUploads } from './infrastructure/storage/serve-uploads';

/**
 * Builds the fully configured application without listening, so that the server entry point
 * and the integration tests run exactly the same HTTP stack.
 */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The web app connects its socket to the same origin only; images may be data: previews.
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", (req) => socketOrigin(req as Request)],
          // Plain-HTTP deployments (a LAN address, the compose proxy on :80) must load their own assets.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Sent only over HTTPS (below): on plain HTTP it would be meaningless and may pin a LAN host.
      strictTransportSecurity: false,
    }),
  );
  app.use(hstsOverHttps);
  app.use(compressApiReads()); // GET /api answers above 1 KiB only (never the bid and other writes)
  app.use(...bodyParsers);
  app.enableCors({
    origin: config.webOrigins,
    credentials: true,
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
  });
  // Uploaded images at /uploads/<name>: outside the /api prefix, before the Nest router.
  serveUploads(app, config);
  serveFrontEnds(app, config); // web app at /, console at /admin (before the API routes)
  app.setGlobalPrefix('api');
  // Hygiene first (control characters, nesting) on every body, query and route parameter, then the DTOs.
  app.useGlobalPipes(new InputHygienePipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Mazad API')
    .setDescription(
      'واجهة مزاد البرمجية — Arabic online auctions for Jordan. Errors: { statusCode, code, message, error }.',
    )
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  // Only when enabled (API_DOCS=on; npm start turns it on): production hides the map of the API.
  if (config.apiDocsEnabled) {
    SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
      jsonDocumentUrl: 'api/docs-json',
    });
  }
  return app;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The site's own socket origin (`ws://host` or `wss://host`) for CSP connect-src; 'self' alone if the Host is odd. */
function socketOrigin(req: Request): string {
  const host = req.headers.host ?? '';
  if (!HOST_PATTERN.test(host)) return "'self'";
  return `${req.secure ? 'wss' : 'ws'}://${host}`;
}

/** HSTS on HTTPS answers only (req.secure honours X-Forwarded-Proto from a trusted proxy). */
function hstsOverHttps(req: Request, res: Response, next: NextFunction) {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}
