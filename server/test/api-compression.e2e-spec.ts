import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, TestApp } from './support/test-app';

/** Raw request: no automatic decompression, so the test sees the bytes and headers as sent. */
function raw(method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('API reads are sent compressed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(); // API_DOCS on: GET /api/docs-json is a large JSON answer
  });
  afterAll(() => t?.close());

  it('compresses a large GET answer with gzip or brotli, as the client asks', async () => {
    const gzip = await raw('GET', `${t.url}/api/docs-json`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = gunzipSync(gzip.body);
    expect(gzip.body.length).toBeLessThan(plain.length / 2);
    expect(JSON.parse(plain.toString())).toHaveProperty('paths');

    const br = await raw('GET', `${t.url}/api/docs-json`, { 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toHaveProperty('paths');

    const none = await raw('GET', `${t.url}/api/docs-json`, {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(none.body.toString())).toHaveProperty('paths');
  });

  it('leaves small answers and the error format as they are', async () => {
    const health = await raw('GET', `${t.url}/api/health`, { 'Accept-Encoding': 'gzip, br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    const missing = await raw('GET', `${t.url}/api/no-such-route`, { 'Accept-Encoding': 'gzip, br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString())).toMatchObject({ statusCode: 404, code: expect.any(String) });
  });

  it('never compresses writes such as a bid', async () => {
    const bid = await raw(
      'POST',
      `${t.url}/api/auctions/00000000-0000-0000-0000-000000000000/bid`,
      { 'Accept-Encoding': 'gzip, br', 'Content-Type': 'application/json' },
      JSON.stringify({ amount: 10 }),
    );
    expect(bid.status).toBeGreaterThanOrEqual(400);
    expect(bid.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(bid.body.toString())).toMatchObject({ statusCode: bid.status, code: expect.any(String) });
  });
});
