import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';

const auctionRow = {
  _id: 'a1',
  title: 'ساعة',
  category: 'إكسسوارات',
  seller: { _id: 'u1', id: 'u1', name: 'سارة' },
  winner: null,
  currentPrice: 12.5,
  bidCount: 0,
  status: 'نشط',
  endTime: '2026-01-02T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const listAnswer = { success: true, auctions: [auctionRow], total: 1, page: 1, limit: 25 };

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('auctions provider', () => {
  it('lists GET /api/admin/auctions: status and category filters pass through, the id sort becomes _id', async () => {
    const calls = mockFetch(listAnswer);
    const result = await dataProvider.getList('auctions', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'مباع', category: 'سيارات', q: '' },
    });
    const call = onlyCall(calls);
    expect(call.path).toBe('/api/admin/auctions');
    expect(Object.fromEntries(call.query)).toEqual({
      page: '1',
      limit: '25',
      sort: '_id',
      order: 'asc',
      status: 'مباع',
      category: 'سيارات',
    });
    expect(result).toEqual({ data: [{ ...auctionRow, id: 'a1' }], total: 1 });
  });

  it('getManyReference lists a seller’s auctions through the sellerId filter', async () => {
    const calls = mockFetch(listAnswer);
    await dataProvider.getManyReference('auctions', {
      target: 'sellerId',
      id: 'u1',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(onlyCall(calls).query.get('sellerId')).toBe('u1');
  });

  it('reads one auction with GET /api/auctions/{id} (the whole auction with its bids)', async () => {
    const calls = mockFetch({ ...auctionRow, description: 'وصف', images: ['/uploads/a.webp'] });
    const { data } = await dataProvider.getOne('auctions', { id: 'a1' });
    expect(onlyCall(calls).path).toBe('/api/auctions/a1');
    expect(data).toMatchObject({ id: 'a1', images: ['/uploads/a.webp'] });
  });

  it('deletes with DELETE /api/admin/auctions/{id}', async () => {
    const calls = mockFetch({ success: true, message: 'تم الحذف' });
    await dataProvider.delete('auctions', { id: 'a1', previousData: { id: 'a1' } });
    expect(onlyCall(calls)).toMatchObject({ method: 'DELETE', path: '/api/admin/auctions/a1' });
  });

  it("getMessages reads an auction's chat from GET /api/admin/auctions/{id}/messages", async () => {
    const calls = mockFetch({ success: true, messages: [{ _id: 'm' }] });
    expect(await dataProvider.getMessages('auctions', { id: 'a1' })).toEqual([{ _id: 'm' }]);
    expect(onlyCall(calls).path).toBe('/api/admin/auctions/a1/messages');
  });

  it('getEndingSoon asks for open auctions ending within the hour and sorts them soonest first', async () => {
    const calls = mockFetch({
      auctions: [
        { _id: 'late', endTime: '2026-01-01T10:50:00.000Z' },
        { _id: 'soon', endTime: '2026-01-01T10:05:00.000Z' },
      ],
      pagination: {},
    });
    expect((await dataProvider.getEndingSoon('auctions')).map((a) => a._id)).toEqual(['soon', 'late']);
    const call = onlyCall(calls);
    expect(call.path).toBe('/api/auctions');
    expect(Object.fromEntries(call.query)).toEqual({ timeFilter: '1hour', limit: '50' });
  });
});
