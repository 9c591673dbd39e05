import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBodyOf } from '../../common/errors/error-body';
import { pathOf } from '../../common/http/raw-request';
import type { AppConfig } from '../../config/app-config';

/**
 * What a process without the `api` role still answers: the health routes (load balancers and
 * orchestrators probe every process, whatever its role) and the server clock. Case and a
 * trailing slash do not matter, as for the router (app.factory.ts).
 */
const ALWAYS_SERVED = /^\/api\/(health|time)(\/|$)/i;

export function servedWithoutApi(path: string): boolean {
  return ALWAYS_SERVED.test(path);
}

/**
 * Without the `api` role (MAZAD_ROLES), every HTTP request but `servedWithoutApi` is a 404 in
 * our error format: REST routes, the front ends, /uploads and /api/docs alike. Socket.IO's
 * requests never reach it (the engine answers them before Fastify).
 *
 * One middleware, registered before the uploads, the front ends and the API routes, rather
 * than registering each of them conditionally: the controllers come from every feature module
 * (and the domain's event handlers, which gateways and workers need, come with them), so
 * leaving routes out would mean a role switch in each module. A Fastify `onRequest` hook would
 * run too late: Nest registers @fastify/middie, and with it the static front ends, before
 * createApp can add a hook, and hooks run in the order they were added.
 */
export function refuseWithoutApi(app: NestFastifyApplication, config: AppConfig): void {
  if (config.hasRole('api')) return;
  app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (servedWithoutApi(pathOf(req))) return next();
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(errorBodyOf('NOT_FOUND', 404)));
  });
}
