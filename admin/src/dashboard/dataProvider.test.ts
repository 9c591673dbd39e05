import { beforeEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockFetch, onlyCall } from '../testing/fetch';
import { STATS_TOTALS } from './dataProvider';

beforeEach(() => localStorage.setItem('adminToken', 'adm'));

describe('stats provider', () => {
  it('reads the site totals (GET /api/admin/stats) as the stats/totals record', async () => {
    const stats = {
      totalUsers: 4,
      totalAuctions: 9,
      activeAuctions: 3,
      soldAuctions: 5,
      totalBids: 40,
      totalRevenue: 1234.5,
    };
    const calls = mockFetch({ success: true, ...stats });
    expect(await dataProvider.getOne('stats', { id: STATS_TOTALS })).toEqual({ data: { ...stats, id: STATS_TOTALS } });
    expect(onlyCall(calls).path).toBe('/api/admin/stats');
  });

  it('getDaily reads the last days (GET /api/admin/stats/daily?days=30)', async () => {
    const days = [{ date: '2026-11-22', newAuctions: 1, bids: 2, sales: 0, revenue: 0 }];
    const calls = mockFetch({ success: true, days });
    expect(await dataProvider.getDaily('stats', { days: 30 })).toEqual(days);
    expect(onlyCall(calls).url).toBe('/api/admin/stats/daily?days=30');
  });
});
