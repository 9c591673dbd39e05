import type { Express } from 'express';
import { AppConfig } from '../../src/config/app-config';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { startTestApp, TestApp, testEnvironment } from '../support/test-app';

/**
 * Issue 12, "Logs and headers": X-Forwarded-For is trusted only from loopback by default, so
 * a LAN peer cannot reset per-IP limits by forging it; TRUST_PROXY names a real proxy.
 */
describe('security: X-Forwarded-For is trusted from loopback only by default', () => {
  let t: TestApp;

  beforeAll(async () => {
    const env = testEnvironment();
    delete env.TRUST_PROXY;
    t = await startTestApp(env);
  });
  afterAll(() => t.close());

  /** Express's compiled "trust proxy" check of the running app: may this peer set X-Forwarded-For? */
  const trusts = (app: TestApp, peer: string) =>
    ((app.app.getHttpAdapter().getInstance() as Express).get('trust proxy fn') as (a: string, i: number) => boolean)(
      peer,
      0,
    );

  it('trusts loopback and no private-range peer', () => {
    expect(AppConfig.fromEnvironment(testEnvironment()).trustProxy).toEqual(['loopback']);
    expect(trusts(t, '127.0.0.1')).toBe(true);
    expect(trusts(t, '::1')).toBe(true);
    for (const lanPeer of ['10.0.0.7', '192.168.1.20', '172.16.4.2', 'fd00::5']) expect(trusts(t, lanPeer)).toBe(false);
  });

  it('still counts per-IP limits by the forwarded address from a local proxy', async () => {
    const { points } = RATE_LIMIT_POLICIES['challenges-ip'];
    const ip = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: points + 2 }, () => t.http().get('/api/auth/challenge').set('X-Forwarded-For', ip)),
    );
    expect(answers.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('TRUST_PROXY names a proxy on another address (the compose file sets uniquelocal)', async () => {
    const behind = await startTestApp({ TRUST_PROXY: 'loopback,uniquelocal' });
    try {
      expect(trusts(behind, '10.0.0.7')).toBe(true);
    } finally {
      await behind.close();
    }
  });
});
