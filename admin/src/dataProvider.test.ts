import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, MISSING_TOTAL, totalFromContentRange, UNSUPPORTED } from './dataProvider';
import { NETWORK_ERROR } from './http';
import { mockFetch, type Call } from './testing/fetch';

const provider = createDataProvider();
const list = { pagination: { page: 2, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

const userRow = {
  _id: 'u1',
  id: 'u1',
  name: 'سارة',
  location: 'عمّان',
  email: 's@x.jo',
  phone: '079',
  profileImage: null,
  totalAuctions: 1,
  totalBids: 2,
  isVerified: true,
  isAdmin: false,
  registrationSource: 'math_verification',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const auctionRow = {
  _id: 'a1',
  id: 'a1',
  title: 'ساعة',
  category: 'إكسسوارات',
  seller: { _id: 'u1', id: 'u1', name: 'سارة' },
  winner: null,
  currentPrice: 12.5,
  bidCount: 0,
  bids: [],
  status: 'نشط',
  endTime: '2026-01-02T00:00:00.000Z',
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const banner = (id: string, order: number, extra = {}) => ({
  _id: id,
  id,
  text: `إعلان ${id}`,
  link: null,
  isActive: true,
  order,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const contact = {
  _id: 'c1',
  id: 'c1',
  name: 'زائر',
  email: 'v@x.jo',
  subject: 'bug',
  message: 'الصور لا تظهر',
  handled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const only = (calls: Call[]) => {
  expect(calls).toHaveLength(1);
  return calls[0];
};

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('data provider: lists, paged and counted by the server', () => {
  it('users: GET /api/admin/users with page, limit, sort, order and q; the body total; ids from _id', async () => {
    const calls = mockFetch({ success: true, users: [userRow], total: 31, page: 2, limit: 10 });
    const result = await provider.getList('users', { ...list, filter: { q: 'سارة' } });
    const call = only(calls);
    expect(call.path).toBe('/api/admin/users');
    expect(Object.fromEntries(call.query)).toEqual({
      page: '2',
      limit: '10',
      sort: 'createdAt',
      order: 'desc',
      q: 'سارة',
    });
    expect(call.headers.Authorization).toBe('Bearer adm');
    expect(result).toEqual({ data: [{ ...userRow, id: 'u1' }], total: 31 });
  });

  it('auctions: status and category filters pass through, the id sort becomes _id, empty filters are left out', async () => {
    const calls = mockFetch({ success: true, auctions: [auctionRow], total: 1, page: 1, limit: 25 });
    const result = await provider.getList('auctions', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'مباع', category: 'سيارات', q: '' },
    });
    expect(Object.fromEntries(only(calls).query)).toEqual({
      page: '1',
      limit: '25',
      sort: '_id',
      order: 'asc',
      status: 'مباع',
      category: 'سيارات',
    });
    expect(result.total).toBe(1);
    expect(result.data[0].id).toBe('a1');
  });

  it('contact-messages: GET /api/admin/contact-messages with page, limit and handled (the inbox is always newest first)', async () => {
    const calls = mockFetch({ success: true, messages: [contact], total: 7, page: 1, limit: 25 });
    const result = await provider.getList('contact-messages', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { handled: 'false' },
    });
    const call = only(calls);
    expect(call.path).toBe('/api/admin/contact-messages');
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', limit: '25', handled: 'false' });
    expect(result).toEqual({ data: [{ ...contact, id: 'c1' }], total: 7 });
  });

  it('banners: GET /api/banners/admin (every banner, in display order) and the page cut from it', async () => {
    const calls = mockFetch({ success: true, data: [banner('b1', 0), banner('b2', 1), banner('b3', 2)] });
    const result = await provider.getList('banners', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'order', order: 'ASC' },
      filter: {},
    });
    expect(only(calls).path).toBe('/api/banners/admin');
    expect(result.total).toBe(3);
    expect(result.data.map((b) => b.id)).toEqual(['b3']);
  });

  it('reads the total from Content-Range when the body has none, and refuses to guess without either', async () => {
    expect(totalFromContentRange('items 0-24/319')).toBe(319);
    expect(totalFromContentRange('items 0-24/*')).toBeUndefined();
    expect(totalFromContentRange(null)).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, users: [userRow] }), {
            status: 200,
            headers: { 'content-type': 'application/json', 'Content-Range': 'users 0-0/42' },
          }),
      ),
    );
    expect((await provider.getList('users', list)).total).toBe(42);

    mockFetch({ success: true, users: [userRow] });
    const error = await provider.getList('users', list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(MISSING_TOTAL);
  });

  it('getManyReference lists a seller’s auctions through the sellerId filter', async () => {
    const calls = mockFetch({ success: true, auctions: [auctionRow], total: 1, page: 1, limit: 25 });
    await provider.getManyReference('auctions', {
      target: 'sellerId',
      id: 'u1',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(only(calls).query.get('sellerId')).toBe('u1');
  });
});

describe('data provider: single records', () => {
  it('users: the profile and its figures (GET /api/users/{id} and /stats) in one record', async () => {
    const user = { ...userRow, isVerified: true };
    const calls = mockFetch((call) =>
      call.path.endsWith('/stats')
        ? {
            body: {
              success: true,
              totalAuctions: 3,
              activeAuctions: 1,
              soldAuctions: 1,
              unsoldAuctions: 1,
              totalBids: 4,
              wonAuctions: 2,
            },
          }
        : { body: { success: true, user } },
    );
    const { data } = await provider.getOne('users', { id: 'u1' });
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/users/u1', '/api/users/u1/stats']);
    expect(data).toMatchObject({ id: 'u1', name: 'سارة', user, stats: { totalAuctions: 3, wonAuctions: 2 } });
    expect((data as { stats: object }).stats).not.toHaveProperty('success');
  });

  it('auctions: GET /api/auctions/{id} (the whole auction with its bids)', async () => {
    const calls = mockFetch({ ...auctionRow, description: 'وصف', images: ['/uploads/a.webp'] });
    const { data } = await provider.getOne('auctions', { id: 'a1' });
    expect(only(calls).path).toBe('/api/auctions/a1');
    expect(data).toMatchObject({ id: 'a1', images: ['/uploads/a.webp'] });
  });

  it('banners: found in the admin list; a missing one is a 404 in Arabic', async () => {
    mockFetch({ success: true, data: [banner('b1', 0), banner('b2', 1)] });
    expect((await provider.getOne('banners', { id: 'b2' })).data.text).toBe('إعلان b2');
    await expect(provider.getOne('banners', { id: 'nope' })).rejects.toMatchObject({
      status: 404,
      message: 'الإعلان غير موجود',
    });
  });
});

describe('data provider: changes', () => {
  it('banners: create POSTs the trimmed text, no empty link, visible at order 0 by default', async () => {
    const calls = mockFetch(() => ({
      status: 201,
      body: { success: true, message: 'تمت إضافة الإعلان بنجاح', data: banner('b9', 0) },
    }));
    const { data } = await provider.create('banners', { data: { text: '  مزادات جديدة  ', link: '   ' } });
    expect(only(calls)).toMatchObject({
      method: 'POST',
      path: '/api/banners',
      body: { text: 'مزادات جديدة', isActive: true, order: 0 },
    });
    expect(calls[0].body).not.toHaveProperty('link');
    expect(data.id).toBe('b9');
  });

  it('banners: an edit PUTs only the fields the server takes (never id, _id or createdAt)', async () => {
    const calls = mockFetch({
      success: true,
      message: 'تم تحديث الإعلان بنجاح',
      data: banner('b1', 3, { text: 'جديد', link: '/about' }),
    });
    const previous = banner('b1', 0);
    await provider.update('banners', {
      id: 'b1',
      data: { ...previous, text: ' جديد ', link: ' /about ', order: '3' },
      previousData: previous,
    });
    expect(only(calls)).toMatchObject({ method: 'PUT', path: '/api/banners/b1' });
    expect(calls[0].body).toEqual({ text: 'جديد', link: '/about', isActive: true, order: 3 });
  });

  it('banners: the visibility toggle sends { isActive } alone', async () => {
    const calls = mockFetch({ success: true, message: 'تم', data: banner('b1', 0, { isActive: false }) });
    const { data } = await provider.update('banners', {
      id: 'b1',
      data: { isActive: false },
      previousData: banner('b1', 0),
    });
    expect(only(calls).body).toEqual({ isActive: false });
    expect(data.isActive).toBe(false);
  });

  it('contact-messages: PATCH { handled } and the updated message', async () => {
    const calls = mockFetch({ success: true, message: 'تم تحديث حالة الرسالة', data: { ...contact, handled: true } });
    const { data } = await provider.update('contact-messages', {
      id: 'c1',
      data: { ...contact, handled: true },
      previousData: contact,
    });
    expect(only(calls)).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/contact-messages/c1',
      body: { handled: true },
    });
    expect(data.handled).toBe(true);
  });

  it('deletes through each resource’s own call and answers the previous record', async () => {
    const cases = [
      ['users', '/api/admin/users/x1'],
      ['auctions', '/api/admin/auctions/x1'],
      ['banners', '/api/banners/x1'],
      ['contact-messages', '/api/admin/contact-messages/x1'],
    ] as const;
    for (const [resource, path] of cases) {
      const calls = mockFetch({ success: true, message: 'تم الحذف' });
      const { data } = await provider.delete(resource, { id: 'x1', previousData: { id: 'x1', name: 'سابق' } });
      expect(only(calls)).toMatchObject({ method: 'DELETE', path });
      expect(data).toEqual({ id: 'x1', name: 'سابق' });
    }
  });

  it('refuses operations the API does not offer, in Arabic, without calling it', async () => {
    const calls = mockFetch({});
    await expect(provider.create('users', { data: {} })).rejects.toMatchObject({ message: UNSUPPORTED });
    await expect(provider.update('auctions', { id: 'a1', data: {}, previousData: { id: 'a1' } })).rejects.toMatchObject(
      { message: UNSUPPORTED },
    );
    await expect(provider.getList('archive', list)).rejects.toMatchObject({ message: UNSUPPORTED });
    expect(calls).toHaveLength(0);
  });
});

describe('data provider: errors become Arabic notifications', () => {
  it("rejects with the server's Arabic message and status (react-admin shows the message; 401/403 go to checkError)", async () => {
    const text = 'هذه العملية متاحة للمشرفين فقط';
    mockFetch(() => ({ status: 403, body: { statusCode: 403, code: 'ADMIN_ONLY', message: text, error: text } }));
    const error = (await provider.getList('users', list).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(text);
    expect(error.status).toBe(403);
    expect(error.body).toMatchObject({ code: 'ADMIN_ONLY' });
  });

  it('a validation error names the field in its message', async () => {
    const text = 'نص الإعلان مطلوب';
    mockFetch(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: text,
        error: text,
        errors: [{ field: 'text', message: text }],
      },
    }));
    await expect(provider.create('banners', { data: { text: ' ' } })).rejects.toMatchObject({
      message: text,
      status: 400,
    });
  });

  it('an unreachable server gives the Arabic network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(provider.getStats()).rejects.toMatchObject({ message: NETWORK_ERROR, status: 0 });
  });
});

describe('data provider: dashboard, content and show pages', () => {
  it('getStats and getDailyStats read the contract shapes', async () => {
    let calls = mockFetch({
      success: true,
      totalUsers: 4,
      totalAuctions: 9,
      activeAuctions: 3,
      soldAuctions: 5,
      totalBids: 40,
      totalRevenue: 1234.5,
    });
    expect(await provider.getStats()).toEqual({
      totalUsers: 4,
      totalAuctions: 9,
      activeAuctions: 3,
      soldAuctions: 5,
      totalBids: 40,
      totalRevenue: 1234.5,
    });
    expect(only(calls).path).toBe('/api/admin/stats');

    const days = [{ date: '2026-11-22', newAuctions: 1, bids: 2, sales: 0, revenue: 0 }];
    calls = mockFetch({ success: true, days });
    expect(await provider.getDailyStats(30)).toEqual(days);
    expect(only(calls).url).toBe('/api/admin/stats/daily?days=30');
  });

  it('getEndingSoon asks for open auctions ending within the hour and sorts them soonest first', async () => {
    const calls = mockFetch({
      auctions: [
        { _id: 'late', endTime: '2026-01-01T10:50:00.000Z' },
        { _id: 'soon', endTime: '2026-01-01T10:05:00.000Z' },
      ],
      pagination: {},
    });
    expect((await provider.getEndingSoon()).map((a) => a._id)).toEqual(['soon', 'late']);
    expect(only(calls).query.get('timeFilter')).toBe('1hour');
  });

  it('the site content calls: banner PUT, feature POST/PUT/DELETE', async () => {
    const calls = mockFetch((call) => {
      if (call.path === '/api/site-content/banner')
        return { body: { success: true, message: 'تم', banner: call.body } };
      if (call.method === 'DELETE') return { body: { success: true, message: 'تم' } };
      return {
        body: { success: true, message: 'تم', feature: { _id: 'f1', id: 'f1', order: 0, ...(call.body as object) } },
      };
    });
    expect(await provider.updateSiteBanner({ title: 'ع', subtitle: 'ف', description: 'و' })).toEqual({
      title: 'ع',
      subtitle: 'ف',
      description: 'و',
    });
    await provider.createFeature({ icon: '🔒', title: 'أمان', description: 'وصف' });
    await provider.updateFeature('f1', { icon: '💳', title: 'دفع', description: 'وصف' });
    await provider.deleteFeature('f1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/site-content/banner',
      'POST /api/site-content/features',
      'PUT /api/site-content/features/f1',
      'DELETE /api/site-content/features/f1',
    ]);
    expect(calls[1].body).toEqual({ icon: '🔒', title: 'أمان', description: 'وصف' });
  });

  it('the announcement: GET (null until saved), PUT, and image upload as multipart `image`', async () => {
    const first = mockFetch({ success: true, data: null });
    expect(await provider.getAnnouncement()).toBeNull();
    expect(only(first).path).toBe('/api/announcement-content');
    const calls = mockFetch({
      success: true,
      message: 'تم حفظ المحتوى',
      data: { _id: 'n1', updatedAt: '2026-01-01T00:00:00.000Z' },
    });
    await provider.saveAnnouncement({ title: 'افتتاح', isActive: true });
    expect(only(calls)).toMatchObject({
      method: 'PUT',
      path: '/api/announcement-content',
      body: { title: 'افتتاح', isActive: true },
    });

    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ success: true, message: 'تم', imageUrl: '/uploads/x.webp' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    expect(await provider.uploadImage(file)).toBe('/uploads/x.webp');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/upload/images');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('image')).toBeInstanceOf(File);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("a member's activity and an auction's chat", async () => {
    const calls = mockFetch((call) => {
      if (call.path.endsWith('/bids')) return { body: { success: true, auctions: [{ _id: 'b' }] } };
      if (call.path.endsWith('/ratings')) return { body: { success: true, ratings: [{ _id: 'r' }] } };
      if (call.path.endsWith('/messages')) return { body: { success: true, messages: [{ _id: 'm' }] } };
      return { body: { success: true, auctions: [{ _id: 'a' }] } };
    });
    expect(await provider.getUserActivity('u1')).toEqual({
      auctions: [{ _id: 'a' }],
      bids: [{ _id: 'b' }],
      ratings: [{ _id: 'r' }],
    });
    expect(await provider.getAuctionMessages('a1')).toEqual([{ _id: 'm' }]);
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/admin/auctions/a1/messages',
      '/api/auctions/user/u1',
      '/api/auctions/user/u1/bids',
      '/api/users/u1/ratings',
    ]);
  });

  it('setUserPassword sends PUT /api/admin/users/{id}/password { newPassword }', async () => {
    const calls = mockFetch({ success: true, message: 'تم تغيير كلمة المرور' });
    await provider.setUserPassword('u1', 'secret12');
    expect(only(calls)).toMatchObject({
      method: 'PUT',
      path: '/api/admin/users/u1/password',
      body: { newPassword: 'secret12' },
    });
  });
});
