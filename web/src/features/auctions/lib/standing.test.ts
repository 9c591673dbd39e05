import { describe, expect, it } from 'vitest';
import { makeAuction, makeBid } from '@/testing/auction-fixtures';
import { standingOf } from './standing';

describe('standingOf', () => {
  const me = 'member-1';
  const bid = (amount: number, bidder: string, extra = {}) =>
    makeBid({ amount, bidder: { _id: bidder, id: bidder, name: bidder }, ...extra });

  it('leading when the highest valid bid is the member’s (a maximum’s automatic bid included)', () => {
    const auction = makeAuction({ bids: [bid(10, 'other'), bid(12, me, { isAutomatic: true })] });
    expect(standingOf(auction, me, true)).toBe('leading');
  });

  it('outbid when the member bid and someone else’s bid is higher, whatever the order of the list', () => {
    const auction = makeAuction({ bids: [bid(15, 'other'), bid(12, me)] });
    expect(standingOf(auction, me, true)).toBe('outbid');
  });

  it('cancelled bids do not count', () => {
    const auction = makeAuction({ bids: [bid(10, me), bid(20, 'other', { isCancelled: true })] });
    expect(standingOf(auction, me, true)).toBe('leading');
  });

  it('nothing for a visitor, a member who has not bid, an auction without bids or one that no longer takes bids', () => {
    const auction = makeAuction({ bids: [bid(10, 'other')] });
    expect(standingOf(auction, null, true)).toBeNull();
    expect(standingOf(auction, me, true)).toBeNull();
    expect(standingOf(makeAuction({ bids: [] }), me, true)).toBeNull();
    expect(standingOf(makeAuction({ bids: [bid(10, me)] }), me, false)).toBeNull();
  });
});
