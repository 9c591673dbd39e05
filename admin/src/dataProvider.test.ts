import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from './dataProvider';
import { NETWORK_ERROR } from './http';
import { listQuery, MISSING_TOTAL, totalFromContentRange, UNSUPPORTED } from './resourceProvider';
import { mockFetch } from './testing/fetch';

const list = { pagination: { page: 2, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('the combined data provider', () => {
  it('routes each call, custom methods included, to its resource’s provider', async () => {
    const calls = mockFetch((call) =>
      call.path === '/api/admin/contact-messages'
        ? { body: { success: true, messages: [], total: 0, page: 1, limit: 25 } }
        : { body: { success: true, message: 'تم' } },
    );
    await dataProvider.getList('contact-messages', list);
    await dataProvider.setPassword('users', { id: 'u1', newPassword: 'secret12' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/contact-messages',
      'PUT /api/admin/users/u1/password',
    ]);
    expect(calls.every((c) => c.headers.Authorization === 'Bearer adm')).toBe(true);
  });

  it('refuses, in Arabic and without a call, what a resource does not offer and resources it does not know', async () => {
    const calls = mockFetch({});
    await expect(dataProvider.create('users', { data: {} })).rejects.toMatchObject({ message: UNSUPPORTED });
    await expect(
      dataProvider.update('auctions', { id: 'a1', data: {}, previousData: { id: 'a1' } }),
    ).rejects.toMatchObject({ message: UNSUPPORTED });
    await expect(dataProvider.getList('archive', list)).rejects.toMatchObject({ message: UNSUPPORTED });
    expect(calls).toHaveLength(0);
  });
});

describe('list queries and totals', () => {
  it('sends page, limit, sort and order; the id sort becomes _id; empty filters are left out', () => {
    expect(
      listQuery({
        pagination: { page: 3, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: { q: '', status: 'مباع', category: null },
      }),
    ).toEqual({ page: 3, limit: 25, sort: '_id', order: 'asc', status: 'مباع' });
    expect(listQuery({ ...list, filter: { handled: false } }, false)).toEqual({ page: 2, limit: 10, handled: 'false' });
  });

  it('reads the total from Content-Range when the body has none, and refuses to guess without either', async () => {
    expect(totalFromContentRange('items 0-24/319')).toBe(319);
    expect(totalFromContentRange('items 0-24/*')).toBeUndefined();
    expect(totalFromContentRange(null)).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, users: [{ _id: 'u1' }] }), {
            status: 200,
            headers: { 'content-type': 'application/json', 'Content-Range': 'users 0-0/42' },
          }),
      ),
    );
    expect((await dataProvider.getList('users', list)).total).toBe(42);

    mockFetch({ success: true, users: [{ _id: 'u1' }] });
    const error = await dataProvider.getList('users', list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(MISSING_TOTAL);
  });
});

describe('errors become Arabic notifications', () => {
  it("rejects with the server's Arabic message and status (react-admin shows the message; 401/403 go to checkError)", async () => {
    const text = 'هذه العملية متاحة للمشرفين فقط';
    mockFetch(() => ({ status: 403, body: { statusCode: 403, code: 'ADMIN_ONLY', message: text, error: text } }));
    const error = (await dataProvider.getList('users', list).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(text);
    expect(error.status).toBe(403);
    expect(error.body).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it('a validation error names the field in its message', async () => {
    const text = 'نص الإعلان مطلوب';
    mockFetch(() => ({
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_ERROR', message: text, errors: [{ field: 'text', message: text }] },
    }));
    await expect(dataProvider.create('banners', { data: { text: ' ' } })).rejects.toMatchObject({
      message: text,
      status: 400,
    });
  });

  it('an unreachable server gives the Arabic network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(dataProvider.getOne('stats', { id: 'totals' })).rejects.toMatchObject({
      message: NETWORK_ERROR,
      status: 0,
    });
  });
});
