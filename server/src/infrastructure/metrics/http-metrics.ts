import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Metrics } from './metrics';

/** The route label of a request no route matched (404s, probes of random paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern a request matched (`/api/auctions/:id`), never its URL: URLs carry ids and
 * query strings, and a label per URL would grow the series without bound.
 */
export function routeLabel(request: Pick<FastifyRequest, 'routeOptions'>): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * mazad_http_request_duration_seconds: one observation per answered request, from Fastify's
 * `onResponse` hook (Fastify's own elapsed time, from the request's arrival to the end of the
 * answer). Requests the static middleware answers before the router (front ends, uploads) and
 * Socket.IO's requests (the engine answers them before Fastify) are not in it.
 */
@Injectable()
export class HttpMetrics implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: Metrics,
  ) {}

  /** Hooks are added before the server starts listening (app.init runs this first). */
  onModuleInit(): void {
    // No HTTP adapter: an application context without a server (nothing to measure).
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    const histogram = this.metrics.httpRequestDuration;
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      histogram.observe(
        { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
}
