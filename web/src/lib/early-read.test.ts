import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyRead, type EarlyRead } from './early-read';

const ID = '0b6c3a52-1d2e-4f50-8a9b-0c1d2e3f4a5b';
const URL_OF = `/api/auctions/${ID}`;
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** index.html's inline script that starts the read, run with the page's address and storage. */
function runInlineScript(pathname: string, token: string | null) {
  const html = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .find((s) => s.includes('__mazadEarlyRead'));
  const fetchStub = vi.fn(() => answer(200, { _id: ID }));
  const page: { __mazadEarlyRead?: EarlyRead } = {};
  new Function('window', 'location', 'localStorage', 'fetch', script!)(
    page,
    { pathname },
    { getItem: (key: string) => (key === 'token' ? token : null) },
    fetchStub,
  );
  return { early: page.__mazadEarlyRead, fetchStub };
}

describe("the auction page's early read", () => {
  afterEach(() => {
    delete window.__mazadEarlyRead;
    localStorage.clear();
  });

  it("index.html starts it on an auction's address only, as the app's client would ask", () => {
    const visitor = runInlineScript(`/auction/${ID.toUpperCase()}`, null);
    expect(visitor.early).toMatchObject({ url: URL_OF, token: null });
    expect(visitor.fetchStub).toHaveBeenCalledWith(URL_OF, { headers: { Accept: 'application/json' } });
    const member = runInlineScript(`/auction/${ID}/`, 'jwt');
    expect(member.fetchStub).toHaveBeenCalledWith(URL_OF, {
      headers: { Accept: 'application/json', Authorization: 'Bearer jwt' },
    });
    for (const other of ['/', '/auctions', `/auction/${ID}/edit`, '/auction/not-an-id'])
      expect(runInlineScript(other, null).early).toBeUndefined();
  });

  it('hands a good answer to the first read of its URL, once', async () => {
    window.__mazadEarlyRead = { url: URL_OF, token: null, response: answer(200, { _id: ID }) };
    expect(await takeEarlyRead('/api/auctions/another')).toBeUndefined();
    expect(await takeEarlyRead(URL_OF)).toEqual({ _id: ID });
    expect(await takeEarlyRead(URL_OF)).toBeUndefined();
  });

  it('is not used when the session changed, the answer is an error or the request failed', async () => {
    window.__mazadEarlyRead = { url: URL_OF, token: null, response: answer(200, { _id: ID }) };
    localStorage.setItem('token', 'signed-in-since');
    expect(await takeEarlyRead(URL_OF)).toBeUndefined();
    localStorage.clear();
    window.__mazadEarlyRead = { url: URL_OF, token: null, response: answer(404, { code: 'NOT_FOUND' }) };
    expect(await takeEarlyRead(URL_OF)).toBeUndefined();
    window.__mazadEarlyRead = { url: URL_OF, token: null, response: Promise.resolve(null) };
    expect(await takeEarlyRead(URL_OF)).toBeUndefined();
  });
});
