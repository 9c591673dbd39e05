import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';

const entry = {
  _id: 'e1',
  actorId: 'a1',
  actorName: 'المشرف',
  action: 'banner.update',
  targetType: 'banner',
  targetId: 'b1',
  reason: null,
  before: { isActive: true },
  after: { isActive: false },
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('audit log provider', () => {
  it('lists GET /api/admin/audit-log with page, limit and the filters that are set (always newest first)', async () => {
    const calls = mockFetch({ success: true, entries: [entry], total: 40, page: 2, limit: 25 });
    const result = await dataProvider.getList('audit-log', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { action: 'banner.update', targetType: 'banner', from: '2026-01-01', to: '', actorId: undefined },
    });
    const call = onlyCall(calls);
    expect(call.path).toBe('/api/admin/audit-log');
    expect(Object.fromEntries(call.query)).toEqual({
      page: '2',
      limit: '25',
      action: 'banner.update',
      targetType: 'banner',
      from: '2026-01-01',
    });
    expect(result).toEqual({ data: [{ ...entry, id: 'e1' }], total: 40 });
  });

  it('offers no write', async () => {
    await expect(dataProvider.delete('audit-log', { id: 'e1' })).rejects.toThrow(
      'هذه العملية غير متاحة في لوحة الإدارة',
    );
  });
});
