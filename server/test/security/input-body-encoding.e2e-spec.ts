import { gzipSync } from 'node:zlib';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * R-INPUT-HYGIENE (docs/security.md): an unsupported charset, a broken gzip body or an unknown Content-Encoding answered
 * 500. body-parser's errors are mapped in one table (body-parsers.ts): 415 for what the server
 * does not speak, 400 for a body it cannot read, in the Arabic error format.
 */
describe('request bodies the server cannot read', () => {
  let t: TestApp;

  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  /** POST /api/auth/login with these exact bytes and headers (no client-side re-encoding). */
  async function login(headers: Record<string, string>, body: string | Buffer) {
    const res = await fetch(`${t.url}/api/auth/login`, { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  const expectError = (res: { status: number; body: Record<string, unknown> }, status: number, code: string) => {
    expect(res.body).toEqual({
      statusCode: status,
      code,
      message: expect.stringMatching(/[\u0600-\u06FF]/),
      error: res.body.message,
    });
    expect(res.status).toBe(status);
  };

  const JSON_TYPE = { 'Content-Type': 'application/json' };

  it('an unsupported charset is 415 UNSUPPORTED_CHARSET (JSON is UTF-8 only; forms too)', async () => {
    expectError(
      await login({ 'Content-Type': 'application/json; charset=latin9' }, '{"email":"a@b.c"}'),
      415,
      'UNSUPPORTED_CHARSET',
    );
    expectError(
      await login({ 'Content-Type': 'application/json; charset=utf-16le' }, Buffer.from('{}', 'utf16le')),
      415,
      'UNSUPPORTED_CHARSET',
    );
    expectError(
      await login({ 'Content-Type': 'application/x-www-form-urlencoded; charset=koi8-r' }, 'email=a'),
      415,
      'UNSUPPORTED_CHARSET',
    );
  });

  it('an unknown Content-Encoding is 415 UNSUPPORTED_CONTENT_ENCODING', async () => {
    expectError(await login({ ...JSON_TYPE, 'Content-Encoding': 'x-evil' }, '{}'), 415, 'UNSUPPORTED_CONTENT_ENCODING');
  });

  it('a broken gzip, deflate or brotli body is 400 BODY_UNREADABLE', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      expectError(
        await login({ ...JSON_TYPE, 'Content-Encoding': encoding }, 'not compressed at all'),
        400,
        'BODY_UNREADABLE',
      );
    }
    const gz = gzipSync(Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(500) })));
    expectError(
      await login({ ...JSON_TYPE, 'Content-Encoding': 'gzip' }, gz.subarray(0, gz.length - 12)),
      400,
      'BODY_UNREADABLE',
    );
  });

  it('a well-formed gzip body is still read', async () => {
    const res = await login(
      { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
      gzipSync(Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'secret123' }))),
    );
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
