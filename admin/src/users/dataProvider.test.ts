import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';

const userRow = {
  _id: 'u1',
  name: 'سارة',
  location: 'عمّان',
  email: 's@x.jo',
  phone: '079',
  totalAuctions: 1,
  totalBids: 2,
  isVerified: true,
  isAdmin: false,
  registrationSource: 'math_verification',
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('users provider', () => {
  it('lists GET /api/admin/users with page, limit, sort, order and q; the body total; ids from _id', async () => {
    const calls = mockFetch({ success: true, users: [userRow], total: 31, page: 2, limit: 10 });
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'سارة' },
    });
    const call = onlyCall(calls);
    expect(call.path).toBe('/api/admin/users');
    expect(Object.fromEntries(call.query)).toEqual({
      page: '2',
      limit: '10',
      sort: 'createdAt',
      order: 'desc',
      q: 'سارة',
    });
    expect(result).toEqual({ data: [{ ...userRow, id: 'u1' }], total: 31 });
  });

  it('reads a member as the profile and its figures (GET /api/users/{id} and /stats) in one record', async () => {
    const stats = {
      totalAuctions: 3,
      activeAuctions: 1,
      soldAuctions: 1,
      unsoldAuctions: 1,
      totalBids: 4,
      wonAuctions: 2,
    };
    const calls = mockFetch((call) =>
      call.path.endsWith('/stats') ? { body: { success: true, ...stats } } : { body: { success: true, user: userRow } },
    );
    const { data } = await dataProvider.getOne('users', { id: 'u1' });
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/users/u1', '/api/users/u1/stats']);
    expect(data).toEqual({ ...userRow, id: 'u1', user: userRow, stats });
  });

  it('deletes with DELETE /api/admin/users/{id} and answers the previous record', async () => {
    const calls = mockFetch({ success: true, message: 'تم الحذف' });
    const { data } = await dataProvider.delete('users', { id: 'u 1', previousData: { id: 'u 1', name: 'سابق' } });
    expect(onlyCall(calls)).toMatchObject({ method: 'DELETE', path: '/api/admin/users/u%201' });
    expect(data).toEqual({ id: 'u 1', name: 'سابق' });
  });

  it('setPassword sends PUT /api/admin/users/{id}/password { newPassword }', async () => {
    const calls = mockFetch({ success: true, message: 'تم تغيير كلمة المرور' });
    await dataProvider.setPassword('users', { id: 'u1', newPassword: 'secret12' });
    expect(onlyCall(calls)).toMatchObject({
      method: 'PUT',
      path: '/api/admin/users/u1/password',
      body: { newPassword: 'secret12' },
    });
  });

  it("getActivity gathers the member's auctions, bids and received ratings", async () => {
    const calls = mockFetch((call) => {
      if (call.path.endsWith('/bids')) return { body: { success: true, auctions: [{ _id: 'b' }] } };
      if (call.path.endsWith('/ratings')) return { body: { success: true, ratings: [{ _id: 'r' }] } };
      return { body: { success: true, auctions: [{ _id: 'a' }] } };
    });
    expect(await dataProvider.getActivity('users', { id: 'u1' })).toEqual({
      auctions: [{ _id: 'a' }],
      bids: [{ _id: 'b' }],
      ratings: [{ _id: 'r' }],
    });
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/auctions/user/u1',
      '/api/auctions/user/u1/bids',
      '/api/users/u1/ratings',
    ]);
  });
});
