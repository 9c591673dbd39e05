import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '../../src/config/app-config';
import { RATE_LIMIT_POLICIES } from '../../src/infrastructure/rate-limit/rate-limit.policies';
import { startTestApp, TestApp, testEnvironment } from '../support/test-app';

/**
 * R-PROXY-AND-HEADERS (docs/security.md, "Logs and headers"): X-Forwarded-For is trusted only from loopback by default, so
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

  /**
   * Does the running app take X-Forwarded-For from this peer? Requests injected as coming from
   * `peer` (Fastify's inject), each forwarded for a different address, until the per-IP
   * challenge limit: a trusted peer's requests count per forwarded address and are never
   * limited; an untrusted peer's all count for the peer itself, and the last one is refused.
   */
  async function trusts(app: TestApp, peer: string): Promise<boolean> {
    const fastify = (app.app as NestFastifyApplication).getHttpAdapter().getInstance();
    const { points } = RATE_LIMIT_POLICIES['challenges-ip'];
    let limited = false;
    for (let i = 0; i <= points && !limited; i++) {
      const res = await fastify.inject({
        method: 'GET',
        url: '/api/auth/challenge',
        remoteAddress: peer,
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
      limited = res.statusCode === 429;
    }
    return !limited;
  }

  it('trusts loopback and no private-range peer', async () => {
    expect(AppConfig.fromEnvironment(testEnvironment()).trustProxy).toEqual(['loopback']);
    expect(await trusts(t, '127.0.0.1')).toBe(true);
    expect(await trusts(t, '::1')).toBe(true);
    for (const lanPeer of ['10.0.0.7', '192.168.1.20', '172.16.4.2', 'fd00::5'])
      expect(await trusts(t, lanPeer)).toBe(false);
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
      expect(await trusts(behind, '10.0.0.7')).toBe(true);
    } finally {
      await behind.close();
    }
  });
});
