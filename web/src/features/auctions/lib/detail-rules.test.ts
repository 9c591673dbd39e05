import { AuctionStatus } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { makeAuction, makeBid } from '@/testing/auction-fixtures';
import { bidHistoryRows, canShowBuyNow, viewerRole } from './detail-rules';

const SELLER = 'seller-0000000001';

describe('buy-now visibility', () => {
  const auction = makeAuction({ buyNowPrice: 500, hasBuyNow: true });

  it('shows to visitors and other members of an open auction with a buy-now price', () => {
    expect(canShowBuyNow(auction, null)).toBe(true);
    expect(canShowBuyNow(auction, 'member-000000001')).toBe(true);
    expect(canShowBuyNow({ ...auction, status: 'active' as AuctionStatus }, null)).toBe(true);
  });

  it('hides from the seller', () => {
    expect(canShowBuyNow(auction, SELLER)).toBe(false);
  });

  it('hides when the auction is not open', () => {
    for (const status of [
      AuctionStatus.Sold,
      AuctionStatus.Unsold,
      AuctionStatus.Cancelled,
      'منتهي' as AuctionStatus,
    ]) {
      expect(canShowBuyNow({ ...auction, status }, null)).toBe(false);
    }
  });

  it('hides without a buy-now price above 0', () => {
    expect(canShowBuyNow({ ...auction, buyNowPrice: null }, null)).toBe(false);
    expect(canShowBuyNow({ ...auction, buyNowPrice: 0 }, null)).toBe(false);
    expect(canShowBuyNow({ ...auction, buyNowPrice: -5 }, null)).toBe(false);
  });
});

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

describe('viewer role', () => {
  it('tells visitor, seller, winner and member apart', () => {
    const sold = makeAuction({ status: AuctionStatus.Sold, winner: { _id: 'w-1', id: 'w-1', name: 'ليلى' } });
    expect(viewerRole(sold, null)).toBe('visitor');
    expect(viewerRole(sold, SELLER)).toBe('seller');
    expect(viewerRole(sold, 'w-1')).toBe('winner');
    expect(viewerRole(sold, 'someone')).toBe('member');
  });
});
