import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';
import { BANNER_NOT_FOUND } from './dataProvider';

const banner = (id: string, order: number, extra = {}) => ({
  _id: id,
  text: `إعلان ${id}`,
  link: null,
  isActive: true,
  order,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const saved = (data: object) => ({ success: true, message: 'تم', data });

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('banners provider', () => {
  it('lists GET /api/banners/admin (every banner, in display order) and cuts the page from it', async () => {
    const calls = mockFetch({ success: true, data: [banner('b1', 0), banner('b2', 1), banner('b3', 2)] });
    const result = await dataProvider.getList('banners', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'order', order: 'ASC' },
      filter: {},
    });
    expect(onlyCall(calls).path).toBe('/api/banners/admin');
    expect(result.total).toBe(3);
    expect(result.data.map((b) => b.id)).toEqual(['b3']);
  });

  it('finds one banner in the admin list; a missing one is a 404 in Arabic', async () => {
    mockFetch({ success: true, data: [banner('b1', 0), banner('b2', 1)] });
    expect((await dataProvider.getOne('banners', { id: 'b2' })).data.text).toBe('إعلان b2');
    await expect(dataProvider.getOne('banners', { id: 'nope' })).rejects.toMatchObject({
      status: 404,
      message: BANNER_NOT_FOUND,
    });
  });

  it('create POSTs the trimmed text, no empty link, visible at order 0 by default', async () => {
    const calls = mockFetch(() => ({ status: 201, body: saved(banner('b9', 0)) }));
    const { data } = await dataProvider.create('banners', { data: { text: '  مزادات جديدة  ', link: '   ' } });
    expect(onlyCall(calls)).toMatchObject({ method: 'POST', path: '/api/banners' });
    expect(calls[0].body).toEqual({ text: 'مزادات جديدة', isActive: true, order: 0 });
    expect(data.id).toBe('b9');
  });

  it('an edit PUTs only the fields the server takes (never id, _id or createdAt), the order a whole number', async () => {
    const calls = mockFetch(saved(banner('b1', 3, { text: 'جديد', link: '/about' })));
    const previous = { ...banner('b1', 0), id: 'b1' };
    await dataProvider.update('banners', {
      id: 'b1',
      data: { ...previous, text: ' جديد ', link: ' /about ', order: '3.7' },
      previousData: previous,
    });
    expect(onlyCall(calls)).toMatchObject({ method: 'PUT', path: '/api/banners/b1' });
    expect(calls[0].body).toEqual({ text: 'جديد', link: '/about', isActive: true, order: 3 });
  });

  it('the visibility toggle sends { isActive } alone', async () => {
    const calls = mockFetch(saved(banner('b1', 0, { isActive: false })));
    const { data } = await dataProvider.update('banners', {
      id: 'b1',
      data: { isActive: false },
      previousData: { ...banner('b1', 0), id: 'b1' },
    });
    expect(onlyCall(calls).body).toEqual({ isActive: false });
    expect(data.isActive).toBe(false);
  });

  it('deletes with DELETE /api/banners/{id}', async () => {
    const calls = mockFetch({ success: true, message: 'تم الحذف' });
    await dataProvider.delete('banners', { id: 'b1', previousData: { id: 'b1' } });
    expect(onlyCall(calls)).toMatchObject({ method: 'DELETE', path: '/api/banners/b1' });
  });
});
