import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { secretsEqual } from '../../common/crypto/secrets-equal';
import { bearerToken } from '../../common/http/bearer-token';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics';

/**
 * `GET /metrics` in Prometheus's text format on its own plain HTTP listener, 0.0.0.0:METRICS_PORT
 * (METRICS_PORT=0: none). Never on the public port: the metrics tell the shape of the traffic,
 * and only the monitoring network should reach them (docs/observability.md). On that network too,
 * each request must carry `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time),
 * else 401 and nothing is read: a pod or container that can reach the port is not thereby
 * Prometheus. AppConfig refuses a METRICS_PORT without a token.
 */
@Injectable()
export class MetricsEndpoint implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsEndpoint.name);
  private server?: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Listens before the application's other start-up work, so a port already taken stops it at once. */
  async onModuleInit(): Promise<void> {
    if (this.config.metricsPort === 0) return;
    const server = createServer((req, res) => void this.answer(req, res));
    server.listen(this.config.metricsPort, '0.0.0.0');
    await once(server, 'listening');
    this.server = server;
    this.logger.log(`Metrics on http://0.0.0.0:${this.config.metricsPort}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse) {
    const path = req.url?.split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    const token = bearerToken(req.headers.authorization);
    if (!token || !secretsEqual(token, this.config.metricsToken!)) {
      res
        .writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer' })
        .end('Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n');
      return;
    }
    try {
      const text = await this.metrics.scrape();
      res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text);
    } catch (err) {
      this.logger.error({ err }, 'Metrics scrape failed');
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics scrape failed\n');
    }
  }
}
