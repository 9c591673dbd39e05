import { AuctionStatus } from '@mazad/contracts';
import { buyNowRefusal, closedReason, judgeBids } from './bid-rules';
import type { AuctionBidState } from './bid-writer';

const now = new Date('2026-01-01T10:00:00Z');
const state = (over: Partial<AuctionBidState> = {}): AuctionBidState => ({
  id: 'a',
  sellerId: 'seller',
  status: AuctionStatus.Active,
  currentPriceFils: 10_000,
  buyNowPriceFils: 50_000,
  endTime: new Date(now.getTime() + 60_000),
  dbNow: now,
  leaderId: null,
  ...over,
});

describe('judgeBids', () => {
  it('accepts strictly increasing amounts and rejects equal or lower ones', () => {
    const r = judgeBids(state(), [
      { bidderId: 'u1', amountFils: 11_000 },
      { bidderId: 'u2', amountFils: 11_000 },
      { bidderId: 'u3', amountFils: 10_500 },
      { bidderId: 'u4', amountFils: 12_000 },
    ]);
    expect(r.accepted.map((b) => b.bidderId)).toEqual(['u1', 'u4']);
    expect(r.rejected.map((x) => [x.bid.bidderId, x.code])).toEqual([
      ['u2', 'BID_TOO_LOW'],
      ['u3', 'BID_TOO_LOW'],
    ]);
    expect(r.priceFils).toBe(12_000);
  });

  it('never accepts the seller', () => {
    const r = judgeBids(state(), [{ bidderId: 'seller', amountFils: 99_000 }]);
    expect(r.accepted).toEqual([]);
    expect(r.rejected[0].code).toBe('BID_OWN_AUCTION');
  });

  it('rejects a bid equal to the current price', () => {
    expect(judgeBids(state(), [{ bidderId: 'u', amountFils: 10_000 }]).rejected[0].code).toBe('BID_TOO_LOW');
  });
});

describe('closedReason', () => {
  it('is null for an open, running auction', () => expect(closedReason(state())).toBeNull());
  it('reports a missing or deleted auction', () => {
    expect(closedReason(null)).toBe('AUCTION_NOT_FOUND');
    expect(closedReason(state({ status: AuctionStatus.Deleted }))).toBe('AUCTION_NOT_FOUND');
  });
  it('reports closed statuses', () =>
    expect(closedReason(state({ status: AuctionStatus.Sold }))).toBe('AUCTION_NOT_OPEN'));
  it('reports an auction past its end by the database clock', () =>
    expect(closedReason(state({ endTime: now }))).toBe('AUCTION_ENDED'));
  it('treats pending as open', () => expect(closedReason(state({ status: AuctionStatus.Pending }))).toBeNull());
});

describe('buyNowRefusal', () => {
  it('allows a member below the buy-now price', () => expect(buyNowRefusal(state(), 'u')).toBeNull());
  it('refuses the seller', () => expect(buyNowRefusal(state(), 'seller')).toBe('BUY_NOW_OWN_AUCTION'));
  it('refuses without a buy-now price', () =>
    expect(buyNowRefusal(state({ buyNowPriceFils: null }), 'u')).toBe('BUY_NOW_UNAVAILABLE'));
  it('refuses once bidding reached the buy-now price', () =>
    expect(buyNowRefusal(state({ currentPriceFils: 50_000 }), 'u')).toBe('BUY_NOW_PRICE_REACHED'));
  it('refuses a closed auction', () =>
    expect(buyNowRefusal(state({ status: AuctionStatus.Unsold }), 'u')).toBe('AUCTION_NOT_OPEN'));
  it('buys at the expected price only', () => {
    expect(buyNowRefusal(state(), 'u', 50_000)).toBeNull();
    expect(buyNowRefusal(state(), 'u', 40_000)).toBe('BUY_NOW_PRICE_CHANGED');
  });
});
