import { Logger } from '@nestjs/common';
import * as http from 'node:http';
import { freePort } from '../../../../scripts/lib/free-port.cjs';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics';
import { MetricsEndpoint } from './metrics-endpoint';

const configWith = (metricsPort: number) =>
  AppConfig.fromEnvironment({
    JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789',
    METRICS_PORT: String(metricsPort),
  });

describe('MetricsEndpoint', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.restoreAllMocks());

  it('with METRICS_PORT=0 opens no listener at all', async () => {
    const listen = jest.spyOn(http.Server.prototype, 'listen');
    const config = configWith(0);
    const endpoint = new MetricsEndpoint(config, new Metrics(config));
    await endpoint.onModuleInit();
    await endpoint.onApplicationShutdown();
    expect(listen).not.toHaveBeenCalled();
  });

  it('serves GET /metrics in the Prometheus text format on its port, nothing else, until shutdown', async () => {
    const port = await freePort();
    const config = configWith(port);
    const endpoint = new MetricsEndpoint(config, new Metrics(config));
    await endpoint.onModuleInit();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await res.text()).toContain('# TYPE mazad_bids_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await endpoint.onApplicationShutdown();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
