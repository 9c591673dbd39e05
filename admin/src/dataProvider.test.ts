import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from './dataProvider';
import { mockFetch } from './testing/fetch';

const provider = createDataProvider();
const listParams = { pagination: { page: 2, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: { q: 'سارة' } };

beforeEach(() => localStorage.setItem('adminToken', 'admin-tok'));

describe('dataProvider.getList', () => {
  it('maps pagination, sort and the search filter to the query string, with the admin bearer token', async () => {
    const calls = mockFetch({ data: [{ _id: 'u1', name: 'سارة' }], total: 31 });
    await provider.getList('users', listParams);
    const [call] = calls;
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/api/admin/users');
    expect(Object.fromEntries(call.query)).toEqual({ page: '2', limit: '10', sort: 'createdAt', order: 'desc', q: 'سارة' });
    expect(call.headers.Authorization).toBe('Bearer admin-tok');
  });

  it('passes other filters through and maps the id sort to _id', async () => {
    const calls = mockFetch({ data: [], total: 0 });
    await provider.getList('auctions', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { status: 'مباع', q: '' } });
    expect(Object.fromEntries(calls[0].query)).toEqual({ page: '1', limit: '25', sort: '_id', order: 'asc', status: 'مباع' });
  });

  it('reads { data, total } and gives every record an id from _id', async () => {
    mockFetch({ data: [{ _id: 'u1', name: 'أ' }, { id: 'u2', name: 'ب' }], total: 31 });
    const result = await provider.getList('users', listParams);
    expect(result.total).toBe(31);
    expect(result.data.map((r) => r.id)).toEqual(['u1', 'u2']);
  });

  it('reads the spec shape { users: [...] } with a pagination total', async () => {
    mockFetch({ users: [{ _id: 'u1' }], pagination: { total: 12 } });
    const result = await provider.getList('users', listParams);
    expect(result).toMatchObject({ total: 12, data: [{ id: 'u1' }] });
  });

  it('pages, searches and sorts a whole list itself when the server gives no total ({ auctions } or a bare array)', async () => {
    const auctions = Array.from({ length: 25 }, (_, i) => ({ _id: `a${i}`, title: i % 2 ? `ساعة ${i}` : `هاتف ${i}`, currentPrice: i }));
    for (const body of [{ auctions }, auctions]) {
      mockFetch(body);
      const result = await provider.getList('auctions', {
        pagination: { page: 2, perPage: 5 },
        sort: { field: 'currentPrice', order: 'DESC' },
        filter: { q: 'ساعة' },
      });
      // 12 odd-numbered "ساعة" items, sorted 23, 21, … ; page 2 holds the 6th to 10th.
      expect(result.total).toBe(12);
      expect(result.data.map((r) => r.currentPrice)).toEqual([13, 11, 9, 7, 5]);
    }
  });

  it("throws the server's Arabic message with its status", async () => {
    mockFetch(() => ({ status: 403, body: { statusCode: 403, code: 'ADMIN_ONLY', message: 'هذه العملية متاحة للمشرفين فقط', error: 'هذه العملية متاحة للمشرفين فقط' } }));
    await expect(provider.getList('users', listParams)).rejects.toMatchObject({ status: 403, message: 'هذه العملية متاحة للمشرفين فقط' });
  });

  it('reports an unreachable server in Arabic', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(provider.getList('users', listParams)).rejects.toMatchObject({ status: 0, message: 'لا يمكن الاتصال بالخادم، تأكد من أن الخادم يعمل' });
  });
});

describe('dataProvider single records', () => {
  it('getOne reads { data }, { user } or a bare record', async () => {
    for (const body of [{ data: { _id: 'u1', name: 'أ' } }, { user: { _id: 'u1', name: 'أ' } }, { _id: 'u1', name: 'أ' }]) {
      const calls = mockFetch(body);
      const result = await provider.getOne('users', { id: 'u1' });
      expect(calls[0].path).toBe('/api/admin/users/u1');
      expect(result.data).toMatchObject({ id: 'u1', name: 'أ' });
    }
  });

  it('delete sends DELETE /api/admin/{resource}/{id} and answers the previous record', async () => {
    const calls = mockFetch(() => ({ status: 204 }));
    const result = await provider.delete('auctions', { id: 'a1', previousData: { id: 'a1', title: 'ساعة' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'DELETE', path: '/api/admin/auctions/a1' });
    expect(result.data).toEqual({ id: 'a1', title: 'ساعة' });
  });

  it('deleteMany deletes each id', async () => {
    const calls = mockFetch({ success: true });
    const result = await provider.deleteMany('users', { ids: ['u1', 'u2'] });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/admin/users/u1', 'DELETE /api/admin/users/u2']);
    expect(result.data).toEqual(['u1', 'u2']);
  });

  it('update sends PUT with the data and reads the answer', async () => {
    const calls = mockFetch({ user: { _id: 'u1', name: 'جديد' } });
    const result = await provider.update('users', { id: 'u1', data: { name: 'جديد' }, previousData: { id: 'u1', name: 'قديم' } });
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/admin/users/u1', body: { name: 'جديد' } });
    expect(result.data).toMatchObject({ id: 'u1', name: 'جديد' });
  });

  it('update falls back to the sent data when the answer carries no record', async () => {
    mockFetch({ success: true });
    const result = await provider.update('users', { id: 'u1', data: { name: 'جديد' }, previousData: { id: 'u1', name: 'قديم', email: 'a@b.jo' } });
    expect(result.data).toEqual({ id: 'u1', name: 'جديد', email: 'a@b.jo' });
  });
});

describe('dataProvider extras', () => {
  it('getStats reads the six figures from GET /api/admin/stats', async () => {
    const calls = mockFetch({ totalUsers: 4, totalAuctions: 9, activeAuctions: 3, soldAuctions: 5, totalBids: 40, totalRevenue: 1234.5 });
    expect(await provider.getStats()).toEqual({ totalUsers: 4, totalAuctions: 9, activeAuctions: 3, soldAuctions: 5, totalBids: 40, totalRevenue: 1234.5 });
    expect(calls[0].path).toBe('/api/admin/stats');
  });

  it('getStats accepts a { stats } wrapper and zero-fills missing figures', async () => {
    mockFetch({ success: true, stats: { totalUsers: 2 } });
    expect(await provider.getStats()).toMatchObject({ totalUsers: 2, totalRevenue: 0 });
  });

  it('setUserPassword sends PUT /api/admin/users/{id}/password { newPassword }', async () => {
    const calls = mockFetch({ success: true });
    await provider.setUserPassword('u1', 'secret9');
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/admin/users/u1/password', body: { newPassword: 'secret9' } });
  });
});
