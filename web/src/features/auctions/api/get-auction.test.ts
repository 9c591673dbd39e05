import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/test-utils';
import { getAuction } from './get-auction';

const ID = '0b6c3a52-1d2e-4f50-8a9b-0c1d2e3f4a5b';
const URL_OF = `/api/auctions/${ID}`;
const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('getAuction', () => {
  afterEach(() => {
    delete window.__mazadEarlyRead;
  });

  it("the page's read takes it instead of asking again; without it, asks the server", async () => {
    const fetchMock = mockApi({ [`GET ${URL_OF}`]: () => ({ _id: ID, title: 'من الخادم' }) });
    window.__mazadEarlyRead = { url: URL_OF, token: null, response: answer(200, { _id: ID, title: 'مبكر' }) };
    expect(await getAuction(ID)).toMatchObject({ title: 'مبكر' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await getAuction(ID)).toMatchObject({ title: 'من الخادم' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
