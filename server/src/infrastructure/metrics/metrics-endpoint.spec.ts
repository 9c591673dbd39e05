import { Logger } from '@nestjs/common';
import * as http from 'node:http';
import { freePort } from '../../../../scripts/lib/free-port.cjs';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics';
import { MetricsEndpoint } from './metrics-endpoint';

const TOKEN = 'metrics-token-of-the-unit-test-0123456789';
const configWith = (metricsPort: number) =>
  AppConfig.fromEnvironment({
    JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: TOKEN,
  });
const withToken = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

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
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, withToken(TOKEN));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await res.text()).toContain('# TYPE mazad_bids_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await endpoint.onApplicationShutdown();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`, withToken(TOKEN))).rejects.toThrow();
  });

  it('answers 401 without the bearer METRICS_TOKEN, reading nothing', async () => {
    const port = await freePort();
    const config = configWith(port);
    const metrics = new Metrics(config);
    const scrape = jest.spyOn(metrics, 'scrape');
    const endpoint = new MetricsEndpoint(config, metrics);
    await endpoint.onModuleInit();
    try {
      for (const init of [
        {},
        withToken('a-wrong-token-of-the-same-kind-0123456789'),
        withToken(`${TOKEN}x`),
        { headers: { Authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` } },
      ]) {
        const res = await fetch(`http://127.0.0.1:${port}/metrics`, init);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(await res.text()).not.toContain('# TYPE');
      }
      expect(scrape).not.toHaveBeenCalled();
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, withToken(TOKEN))).status).toBe(200);
    } finally {
      await endpoint.onApplicationShutdown();
    }
  });
});
