import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import type { AuctionFacts } from './auction-facts';
import { bidCapFils, buyNowRefusal, closedReason, judgeBids, minimumBidFils } from './bid-rules';
import { typedBidAction } from './bid-review';

const now = new Date('2026-01-01T10:00:00Z');
const auction = (over: Partial<AuctionFacts> = {}): AuctionFacts => ({
  sellerId: 'seller',
  status: AuctionStatus.Active,
  currentPriceFils: 10_000,
  buyNowPriceFils: 50_000,
  endTime: new Date(now.getTime() + 60_000),
  ...over,
});

describe('judgeBids', () => {
  it('accepts strictly increasing amounts and rejects equal or lower ones', () => {
    const r = judgeBids(auction(), [
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
    const r = judgeBids(auction(), [{ bidderId: 'seller', amountFils: 99_000 }]);
    expect(r.accepted).toEqual([]);
    expect(r.rejected[0].code).toBe('BID_OWN_AUCTION');
  });

  it('rejects a bid equal to the current price and accepts one fils above it', () => {
    expect(judgeBids(auction(), [{ bidderId: 'u', amountFils: 10_000 }]).rejected[0].code).toBe('BID_TOO_LOW');
    expect(judgeBids(auction(), [{ bidderId: 'u', amountFils: minimumBidFils(10_000) }]).accepted).toHaveLength(1);
  });
});

describe('judgeBids at the buy-now price (R-BID-BUY-NOW-CAP)', () => {
  it('refuses a bid at or above a buy-now price on offer (BID_AT_BUY_NOW), one fils below it passes', () => {
    const r = judgeBids(auction(), [
      { bidderId: 'a', amountFils: 50_000 },
      { bidderId: 'b', amountFils: 120_000 },
      { bidderId: 'c', amountFils: 49_999 },
    ]);
    expect(r.rejected.map((x) => [x.bid.bidderId, x.code])).toEqual([
      ['a', 'BID_AT_BUY_NOW'],
      ['b', 'BID_AT_BUY_NOW'],
    ]);
    expect(r.accepted.map((b) => b.bidderId)).toEqual(['c']);
    expect(r.priceFils).toBe(49_999);
  });

  it('caps nothing without a buy-now price, or once bidding reached it (no purchase is on offer)', () => {
    expect(
      judgeBids(auction({ buyNowPriceFils: null }), [{ bidderId: 'a', amountFils: 9_000_000 }]).accepted,
    ).toHaveLength(1);
    expect(
      judgeBids(auction({ buyNowPriceFils: 0 }), [{ bidderId: 'a', amountFils: 9_000_000 }]).accepted,
    ).toHaveLength(1);
    const reached = auction({ currentPriceFils: 60_000 });
    expect(judgeBids(reached, [{ bidderId: 'a', amountFils: 70_000 }]).accepted).toHaveLength(1);
  });

  it('a too-low bid says so before the cap, the seller’s before both', () => {
    expect(
      judgeBids(auction({ currentPriceFils: 60_000 }), [{ bidderId: 'a', amountFils: 50_000 }]).rejected[0].code,
    ).toBe('BID_TOO_LOW');
    expect(judgeBids(auction(), [{ bidderId: 'seller', amountFils: 60_000 }]).rejected[0].code).toBe('BID_OWN_AUCTION');
  });

  it('the server refuses exactly the amounts the bid form turns into a purchase offer', () => {
    for (const facts of [auction(), auction({ currentPriceFils: 60_000 }), auction({ buyNowPriceFils: null })]) {
      for (const amountFils of [10_001, 49_999, 50_000, 50_001, 65_000, 500_000]) {
        if (amountFils <= facts.currentPriceFils) continue;
        const refused = judgeBids(facts, [{ bidderId: 'a', amountFils }]).rejected[0]?.code === 'BID_AT_BUY_NOW';
        expect({ facts, amountFils, refused }).toEqual({
          facts,
          amountFils,
          refused: typedBidAction(facts, amountFils).action === 'buy-now',
        });
        expect(amountFils >= bidCapFils(facts)).toBe(refused);
      }
    }
  });
});

describe('minimumBidFils', () => {
  it('is one fils above the price', () => expect(minimumBidFils(10_000)).toBe(10_001));
});

describe('closedReason', () => {
  it('is null for an open, running auction', () => expect(closedReason(auction(), now)).toBeNull());
  it('reports a missing or deleted auction', () => {
    expect(closedReason(null, now)).toBe('AUCTION_NOT_FOUND');
    expect(closedReason(auction({ status: AuctionStatus.Deleted }), now)).toBe('AUCTION_NOT_FOUND');
  });
  it('reports closed statuses', () =>
    expect(closedReason(auction({ status: AuctionStatus.Sold }), now)).toBe('AUCTION_NOT_OPEN'));
  it('reports an auction at or past its end by the given clock', () => {
    expect(closedReason(auction({ endTime: now }), now)).toBe('AUCTION_ENDED');
    expect(closedReason(auction(), now.getTime() + 60_000)).toBe('AUCTION_ENDED');
  });
  it('reads ISO strings and epoch milliseconds as the API and clients hold them', () => {
    expect(closedReason(auction({ endTime: '2026-01-01T10:00:01.000Z' }), now.getTime())).toBeNull();
    expect(closedReason(auction({ endTime: '2026-01-01T10:00:00.000Z' }), now.toISOString())).toBe('AUCTION_ENDED');
  });
  it('takes the old words no auction has (pending, ended) as closed', () => {
    for (const status of ['قيد الانتظار', 'منتهي'])
      expect(closedReason(auction({ status }), now)).toBe('AUCTION_NOT_OPEN');
  });
});

describe('buyNowRefusal', () => {
  it('allows a member below the buy-now price', () => expect(buyNowRefusal(auction(), 'u', now)).toBeNull());
  it('refuses the seller', () => expect(buyNowRefusal(auction(), 'seller', now)).toBe('BUY_NOW_OWN_AUCTION'));
  it('refuses without a buy-now price', () => {
    expect(buyNowRefusal(auction({ buyNowPriceFils: null }), 'u', now)).toBe('BUY_NOW_UNAVAILABLE');
    expect(buyNowRefusal(auction({ buyNowPriceFils: 0 }), 'u', now)).toBe('BUY_NOW_UNAVAILABLE');
  });
  it('refuses once bidding reached the buy-now price', () =>
    expect(buyNowRefusal(auction({ currentPriceFils: 50_000 }), 'u', now)).toBe('BUY_NOW_PRICE_REACHED'));
  it('refuses a closed, missing or ended auction', () => {
    expect(buyNowRefusal(auction({ status: AuctionStatus.Unsold }), 'u', now)).toBe('AUCTION_NOT_OPEN');
    expect(buyNowRefusal(null, 'u', now)).toBe('AUCTION_NOT_FOUND');
    expect(buyNowRefusal(auction({ endTime: now }), 'u', now)).toBe('AUCTION_ENDED');
  });
  it('buys at the expected price only', () => {
    expect(buyNowRefusal(auction(), 'u', now, 50_000)).toBeNull();
    expect(buyNowRefusal(auction(), 'u', now, 40_000)).toBe('BUY_NOW_PRICE_CHANGED');
  });
  it('judges a signed-out viewer (no id) on the auction alone', () => {
    expect(buyNowRefusal(auction(), null, now)).toBeNull();
    expect(buyNowRefusal(auction({ buyNowPriceFils: null }), null, now)).toBe('BUY_NOW_UNAVAILABLE');
  });
});
