import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { registerBodyParsers } from './common/http/body-parsers';
import { compressApiReads } from './common/http/compress-api-reads';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { errorBodyOf } from './common/errors/error-body';
import { createValidationPipe } from './common/validation/validation.pipe';
import { InputHygienePipe } from './common/validation/input-hygiene.pipe';
import { AppConfig } from './config/app-config';
import { requestIdOf } from './infrastructure/logging/logging.module';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveFrontEnds } from './infrastructure/static/front-ends';
import { inlineScriptSources } from './infrastructure/static/inline-scripts';
import { serveUploads } from './infrastructure/storage/serve-uploads';
import { refuseWithoutApi } from './infrastructure/roles/api-role';
import { SharePreviewsService } from './share-previews/share-previews.service';

/** A raw request as Express-style middleware sees it under Fastify (@fastify/middie adds `protocol`). */
type MiddlewareRequest = IncomingMessage & { protocol?: string };

/**
 * Builds the fully configured application without listening, so that the server entry point
 * and the integration tests run exactly the same HTTP stack.
 *
 * Fastify rather than Express (docs/adr/0009-lean-http-path.md): the same application costs
 * about a quarter less CPU per bid request (0.74 × trimmed Express, measured back to back). The
 * Express middleware kept (helmet, compression, the static front ends and uploads) runs
 * unchanged on the raw request through @fastify/middie.
 */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    // X-Forwarded-* honoured from these peers only (proxy-addr, as Express's "trust proxy").
    trustProxy: config.trustProxy,
    // As Express's router did: /api/auctions/ is /api/auctions, paths are not case-sensitive,
    // and long route parameters reach the pipes (which refuse them in our error format).
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 10_000 },
    genReqId: requestIdOf,
    // A URL Fastify cannot decode (%ED%A0%80, a lone surrogate) never reaches Nest's filters:
    // answer it in our error format, as Express's URIError was.
    frameworkErrors: (_error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      reply.status(400).send(errorBodyOf('VALIDATION_ERROR', 400));
    },
  });
  // Swagger UI's files go through adapter.useStaticAssets, which requires @fastify/static from
  // Nest's own folder; npm installs it under server/ (its dependencies clash with hoisted ones).
  adapter.useStaticAssets = (options) =>
    adapter.register(fastifyStatic as unknown as Parameters<FastifyAdapter['register']>[0], options);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  registerBodyParsers(fastify);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Scripts from the server only, and the web app's own inline theme script by its hash.
          'script-src': ["'self'", inlineScriptSources(config.webDistDir)],
          // Images may be data: previews.
          'img-src': ["'self'", 'data:', 'blob:'],
          // The web app fetches and opens its socket on its own origin; the configured site
          // origins' ws(s) twins cover browsers whose 'self' does not match WebSocket URLs.
          'connect-src': ["'self'", ...socketOrigins(config.webOrigins)],
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
  app.enableCors({
    origin: config.webOrigins,
    credentials: true,
    exposedHeaders: ['X-Request-Id', 'Retry-After'],
  });
  // A process without the api role (MAZAD_ROLES) answers only its health routes.
  refuseWithoutApi(app, config);
  // Uploaded images at /uploads/<name>: outside the /api prefix, before the Nest router.
  serveUploads(app, config);
  // Web app at /, with the sharing previews of its pages; console at /admin (before the API routes).
  serveFrontEnds(app, config, app.get(SharePreviewsService));
  app.setGlobalPrefix('api');
  // Hygiene first (control characters, nesting) on every body, query and route parameter, then the DTOs.
  app.useGlobalPipes(new InputHygienePipe(), createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  // No enableShutdownHooks(): main.ts drains on SIGTERM in its own order (drainOnSignals), then app.close().

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

/** Over HTTPS, directly or behind a trusted proxy (X-Forwarded-Proto, per TRUST_PROXY). */
const isSecure = (req: MiddlewareRequest) => req.protocol === 'https';

/**
 * The WebSocket origins of the configured site origins (WEB_ORIGINS): `https://x` → `wss://x`,
 * `http://x` → `ws://x`. From configuration only, never from the request: a Host header is
 * whatever the client sends, and would put any origin it likes into the policy.
 */
function socketOrigins(webOrigins: readonly string[]): string[] {
  return webOrigins.flatMap((origin) => {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') return [];
    return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  });
}

/** HSTS on HTTPS answers only. */
function hstsOverHttps(req: MiddlewareRequest, res: ServerResponse, next: () => void) {
  if (isSecure(req)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}
