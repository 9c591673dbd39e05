import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { bodyParsers } from './common/http/body-parsers';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { createValidationPipe } from './common/validation/validation.pipe';
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
          // The web app connects its socket to the same origin; images may be data: previews.
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          // Plain-HTTP deployments (a LAN address, the compose proxy on :80) must load their own assets.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
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
  app.useGlobalPipes(createValidationPipe());
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
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs-json',
  });
  return app;
}
