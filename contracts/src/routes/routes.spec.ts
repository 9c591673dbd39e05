import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Auction, PlaceBidBody, PlaceBidResult } from '../api';
import { path, routes, type PathParamNames, type QueryOf, type RequestOf, type ResponseOf } from '.';

describe('path()', () => {
  it('fills a path parameter', () => {
    expect(path(routes.auctions.get, { id: '6f1c2a52-2a4e-4c8e-9a57-0d8f1b2e9c41' })).toBe(
      '/api/auctions/6f1c2a52-2a4e-4c8e-9a57-0d8f1b2e9c41',
    );
  });

  it('fills several parameters, each in its place', () => {
    expect(path(routes.archive.confirmDeal, { userId: 'u1', archivedId: 'a2' })).toBe(
      '/api/users/u1/confirm-archived-deal/a2',
    );
  });

  it('encodes parameters so they cannot reach another route', () => {
    expect(path(routes.users.get, { id: '../admin/stats?x=1#y' })).toBe('/api/users/..%2Fadmin%2Fstats%3Fx%3D1%23y');
    expect(path(routes.users.get, { id: 'مزاد' })).toBe('/api/users/%D9%85%D8%B2%D8%A7%D8%AF');
  });

  it('needs no parameters for a route without any', () => {
    expect(path(routes.auctions.list)).toBe('/api/auctions');
  });

  it('adds the query, leaving out empty values, and encodes it', () => {
    expect(
      path(
        routes.auctions.list,
        {},
        { category: 'سيارات', search: '', page: 2, status: undefined, timeFilter: '1day' },
      ),
    ).toBe('/api/auctions?category=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A7%D8%AA&page=2&timeFilter=1day');
    expect(path(routes.messages.thread, { auctionId: 'a1' }, { before: 'm&1' })).toBe(
      '/api/messages/auction/a1?before=m%261',
    );
    expect(path(routes.admin.contactMessages, {}, { handled: false })).toBe(
      '/api/admin/contact-messages?handled=false',
    );
  });

  it('refuses a missing or empty parameter rather than building another route', () => {
    expect(() => path(routes.users.get, { id: '' })).toThrow(/needs "id"/);
    // @ts-expect-error -- the parameter is required by the type, too
    expect(() => path(routes.users.get, {})).toThrow(/needs "id"/);
  });
});

describe('route types', () => {
  it('names the path parameters', () => {
    expectTypeOf<PathParamNames<'/api/users/:userId/confirm-archived-deal/:archivedId'>>().toEqualTypeOf<
      'userId' | 'archivedId'
    >();
    expectTypeOf<PathParamNames<'/api/auctions'>>().toEqualTypeOf<never>();
  });

  it('carries the body, query and answer of a call', () => {
    expectTypeOf<RequestOf<typeof routes.bids.place>>().toEqualTypeOf<PlaceBidBody>();
    expectTypeOf<ResponseOf<typeof routes.bids.place>>().toEqualTypeOf<PlaceBidResult>();
    expectTypeOf<ResponseOf<typeof routes.auctions.get>>().toEqualTypeOf<Auction>();
    expectTypeOf<RequestOf<typeof routes.auctions.get>>().toEqualTypeOf<undefined>();
    expectTypeOf<QueryOf<typeof routes.auctions.get>>().toEqualTypeOf<undefined>();
  });
});

describe('the table', () => {
  const all = Object.values(routes).flatMap((area) => Object.values(area));

  it('has one entry per method and path', () => {
    const keys = all.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists each error code of a route once', () => {
    for (const r of all) expect(new Set(r.errors).size, `${r.method} ${r.path}`).toBe(r.errors.length);
  });
});
