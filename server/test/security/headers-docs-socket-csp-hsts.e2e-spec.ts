import { io } from 'socket.io-client';
import { clientIp } from '../support/auth';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * R-PROXY-AND-HEADERS (docs/security.md, "Logs and headers"): API docs only when enabled; the socket transport checks Origin
 * against WEB_ORIGINS; CSP connect-src is the site itself and WEB_ORIGINS (from configuration, never
 * from the Host header); HSTS only over HTTPS.
 */
describe('security: docs, socket origin, CSP and HSTS', () => {
  let t: TestApp;

  beforeAll(async () => {
    // API_DOCS empty = unset: the production default.
    t = await startTestApp({ WEB_ORIGINS: 'https://mazad.example', API_DOCS: '' });
  });
  afterAll(() => t.close());

  it('serves no API documentation unless API_DOCS=on', async () => {
    await t.http().get('/api/docs').expect(404);
    await t.http().get('/api/docs-json').expect(404);
    const docs = await startTestApp({ API_DOCS: 'on' });
    try {
      await docs.http().get('/api/docs-json').expect(200);
    } finally {
      await docs.close();
    }
  });

  function connects(headers: Record<string, string>): Promise<boolean> {
    const socket = io(t.url, {
      transports: ['websocket'],
      extraHeaders: { 'X-Forwarded-For': clientIp(), ...headers },
      reconnection: false,
      forceNew: true,
    });
    return new Promise((resolve) => {
      socket.once('connect', () => {
        socket.disconnect();
        resolve(true);
      });
      socket.once('connect_error', () => {
        socket.disconnect();
        resolve(false);
      });
    });
  }

  it('accepts sockets from WEB_ORIGINS and the site itself, refuses other origins', async () => {
    expect(await connects({ Origin: 'https://evil.example' })).toBe(false);
    expect(await connects({ Origin: 'http://localhost:5173' })).toBe(false);
    expect(await connects({ Origin: 'https://mazad.example' })).toBe(true);
    expect(await connects({ Origin: t.url })).toBe(true);
    // Polling transport too (the handshake request carries the Origin).
    const polling = await t.http().get('/socket.io/?EIO=4&transport=polling').set('Origin', 'https://evil.example');
    expect(polling.status).toBeGreaterThanOrEqual(400);
  });

  it('limits CSP connect-src to the site and the socket origins of WEB_ORIGINS, whatever the Host header says', async () => {
    const connectSrc = (res: { headers: Record<string, string> }) =>
      /connect-src ([^;]+)/.exec(res.headers['content-security-policy'])![1].trim().split(/\s+/);
    const res = await t.http().get('/api/health');
    expect(connectSrc(res)).toEqual(["'self'", 'wss://mazad.example']);
    // A forged Host (and protocol) puts nothing of its own into the policy.
    const forged = await t.http().get('/api/health').set('Host', 'evil.example').set('X-Forwarded-Proto', 'https');
    expect(connectSrc(forged)).toEqual(["'self'", 'wss://mazad.example']);
  });

  it('sends HSTS over HTTPS only', async () => {
    const plain = await t.http().get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.http().get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
