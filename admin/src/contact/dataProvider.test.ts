import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';

const contact = {
  _id: 'c1',
  name: 'زائر',
  email: 'v@x.jo',
  subject: 'bug',
  message: 'الصور لا تظهر',
  handled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('contact messages provider', () => {
  it('lists GET /api/admin/contact-messages with page, limit and handled (the inbox is always newest first)', async () => {
    const calls = mockFetch({ success: true, messages: [contact], total: 7, page: 1, limit: 25 });
    const result = await dataProvider.getList('contact-messages', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { handled: 'false' },
    });
    const call = onlyCall(calls);
    expect(call.path).toBe('/api/admin/contact-messages');
    expect(Object.fromEntries(call.query)).toEqual({ page: '1', limit: '25', handled: 'false' });
    expect(result).toEqual({ data: [{ ...contact, id: 'c1' }], total: 7 });
  });

  it('marks a message handled with PATCH { handled } alone and answers the updated message', async () => {
    const calls = mockFetch({ success: true, message: 'تم تحديث حالة الرسالة', data: { ...contact, handled: true } });
    const { data } = await dataProvider.update('contact-messages', {
      id: 'c1',
      data: { ...contact, id: 'c1', handled: true },
      previousData: { ...contact, id: 'c1' },
    });
    expect(onlyCall(calls)).toMatchObject({
      method: 'PATCH',
      path: '/api/admin/contact-messages/c1',
      body: { handled: true },
    });
    expect(data).toMatchObject({ id: 'c1', handled: true });
  });

  it('deletes with DELETE /api/admin/contact-messages/{id}', async () => {
    const calls = mockFetch({ success: true, message: 'تم الحذف' });
    await dataProvider.delete('contact-messages', { id: 'c1', previousData: { id: 'c1' } });
    expect(onlyCall(calls)).toMatchObject({ method: 'DELETE', path: '/api/admin/contact-messages/c1' });
  });
});
