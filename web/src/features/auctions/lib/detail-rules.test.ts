import { describe, expect, it } from 'vitest';
import { makeBid } from '@/testing/auction-fixtures';
import { bidHistoryRows } from './detail-rules';

describe('bid history rows', () => {
  it('puts the newest first and numbers from the newest', () => {
    const bids = [
      makeBid({ _id: 'a', amount: 100, createdAt: '2025-06-01T10:00:00.000Z' }),
      makeBid({ _id: 'b', amount: 110, createdAt: '2025-06-01T10:05:00.000Z' }),
      makeBid({ _id: 'c', amount: 125.5, createdAt: '2025-06-01T10:07:00.000Z' }),
    ];
    const rows = bidHistoryRows(bids);
    expect(rows.map((r) => [r.number, r.key, r.amount])).toEqual([
      [1, 'c', 125.5],
      [2, 'b', 110],
      [3, 'a', 100],
    ]);
  });

  it('keeps the server order (newest last) for bids of the same instant', () => {
    const at = '2025-06-01T10:00:00.000Z';
    const rows = bidHistoryRows([makeBid({ _id: 'first', createdAt: at }), makeBid({ _id: 'second', createdAt: at })]);
    expect(rows.map((r) => r.key)).toEqual(['second', 'first']);
  });

  it('falls back to "مستخدم" for a missing name and marks cancelled bids', () => {
    const rows = bidHistoryRows([
      makeBid({ bidder: { _id: 'x', id: 'x', name: '  ' }, isCancelled: true }),
      makeBid({ bidder: undefined as never }),
    ]);
    expect(rows.map((r) => r.bidderName)).toEqual(['مستخدم', 'مستخدم']);
    expect(rows.some((r) => r.cancelled)).toBe(true);
  });

  it('is empty without bids', () => {
    expect(bidHistoryRows(undefined)).toEqual([]);
    expect(bidHistoryRows([])).toEqual([]);
  });
});
