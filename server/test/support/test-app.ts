import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { AppConfig } from '../../src/config/app-config';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
/** The bearer token of /metrics for suites that set a METRICS_PORT (support/metrics.ts sends it). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-that-is-long-enough-0123456789';

/** Environment of a test application; every file gets its own Redis prefix, outbox and uploads. */
export function testEnvironment(overrides: Record<string, string> = {}): Record<string, string> {
  const env = process.env;
  if (!env.MAZAD_TEST_DATABASE_URL) throw new Error('Integration setup did not run (see test/setup/global-setup.ts)');
  const scratch = mkdtempSync(join(tmpdir(), 'mazad-test-'));
  return {
    DATABASE_URL: env.MAZAD_TEST_DATABASE_URL,
    REDIS_URL: env.MAZAD_TEST_REDIS_URL!,
    REDIS_PREFIX: `${env.MAZAD_TEST_REDIS_PREFIX}-${randomBytes(3).toString('hex')}`,
    JWT_SECRET: TEST_JWT_SECRET,
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    MAIL_OUTBOX_DIR: join(scratch, 'outbox'),
    UPLOAD_DIR: join(scratch, 'uploads'),
    LOG_LEVEL: env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: '',
    ADMIN_DIST_DIR: '',
    API_DOCS: 'on',
    // Outbid notices gather for 3 s in production; a second keeps the tests quick.
    OUTBID_NOTICE_DELAY: '1s',
    // Admission control refuses by time (deadlines, queue waits, event-loop lag): on a loaded
    // test machine a suite's bids must not turn into AUCTION_BUSY. Only the queue's cap stays;
    // bid-admission.e2e-spec sets its own limits.
    BID_ANSWER_DEADLINE_MS: '60000',
    BID_QUEUE_WAIT_BUDGET_MS: '60000',
    BID_EVENT_LOOP_LAG_LIMIT_MS: '0',
    ...overrides,
  };
}

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** supertest against the running server (listening on an ephemeral port). */
  http: () => ReturnType<typeof request>;
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the real application (same factory as production) on an ephemeral port against the
 * run's database and Redis. Use one per test file: `beforeAll(() => (t = await startTestApp()))`.
 */
export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const env = testEnvironment(overrides);
  const config = AppConfig.fromEnvironment(env);
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config,
    url,
    http: () => request(url),
    close: async () => {
      await app.close();
      rmSync(join(config.mailOutboxDir, '..'), { recursive: true, force: true });
    },
  };
}
