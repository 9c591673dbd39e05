import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import type { AuctionFacts } from './auction-facts';
import {
  answerMaxima,
  bidStepFils,
  maxBidRefusal,
  minimumMaxBidFils,
  resolveProxy,
  type StandingMax,
} from './max-bids';

describe('bidStepFils (R-BID-STEP)', () => {
  it.each([
    [0, 250],
    [1_000, 250],
    [9_999, 250],
    [10_000, 1_000],
    [99_999, 1_000],
    [100_000, 5_000],
    [999_999, 5_000],
    [1_000_000, 10_000],
    [100_000_000_000, 10_000],
  ])('at %i fils the step is %i fils', (price, step) => {
    expect(bidStepFils(price)).toBe(step);
  });
});

describe('minimumMaxBidFils', () => {
  it('is the price plus one step, at the step boundaries too', () => {
    expect(minimumMaxBidFils(9_999)).toBe(10_249);
    expect(minimumMaxBidFils(10_000)).toBe(11_000);
    expect(minimumMaxBidFils(99_999)).toBe(100_999);
    expect(minimumMaxBidFils(100_000)).toBe(105_000);
    expect(minimumMaxBidFils(1_000_000)).toBe(1_010_000);
  });
});

const max = (userId: string, amountFils: number, order: number): StandingMax => ({ userId, amountFils, order });

describe('resolveProxy (R-MAX-BID)', () => {
  it('a first maximum opens at the price plus one step', () => {
    const r = resolveProxy({ priceFils: 10_000, leaderId: null }, [], {
      kind: 'max',
      userId: 'a',
      amountFils: 50_000,
      order: 1,
    });
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 11_000, automatic: true }]);
    expect(r).toMatchObject({ priceFils: 11_000, leaderId: 'a' });
    expect(r.maxima).toEqual([max('a', 50_000, 1)]);
  });

  it('a first maximum below one step over the price bids its whole amount', () => {
    const r = resolveProxy({ priceFils: 9_900, leaderId: 'x' }, [], {
      kind: 'max',
      userId: 'a',
      amountFils: 10_000,
      order: 1,
    });
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 10_000, automatic: true }]);
  });

  it('a manual bid against a maximum is answered at once, one step above it', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'bid',
      bidderId: 'b',
      amountFils: 20_000,
    });
    expect(r.bids).toEqual([
      { bidderId: 'b', amountFils: 20_000, automatic: false },
      { bidderId: 'a', amountFils: 21_000, automatic: true },
    ]);
    expect(r).toMatchObject({ priceFils: 21_000, leaderId: 'a' });
  });

  it('the automatic answer is capped at the maximum', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 20_500, 1)], {
      kind: 'bid',
      bidderId: 'b',
      amountFils: 20_000,
    });
    expect(r.bids[1]).toEqual({ bidderId: 'a', amountFils: 20_500, automatic: true });
  });

  it('a manual bid equal to or above a maximum stands unanswered', () => {
    for (const amountFils of [50_000, 60_000]) {
      const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
        kind: 'bid',
        bidderId: 'b',
        amountFils,
      });
      expect(r.bids).toEqual([{ bidderId: 'b', amountFils, automatic: false }]);
      expect(r).toMatchObject({ priceFils: amountFils, leaderId: 'b' });
    }
  });

  it('two maximums: the higher wins at the lower plus one step', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 80_000,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'b', amountFils: 51_000, automatic: true }]);
    expect(r).toMatchObject({ priceFils: 51_000, leaderId: 'b' });
  });

  it('two maximums: a lower new one is answered by the leader at it plus one step', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 30_000,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 31_000, automatic: true }]);
  });

  it('two maximums one fils apart: the winner is capped at its own maximum', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 50_001,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'b', amountFils: 50_001, automatic: true }]);
  });

  it('the step is the one at the lower maximum, across a step boundary', () => {
    const r = resolveProxy({ priceFils: 5_000, leaderId: 'a' }, [max('a', 9_900, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 20_000,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'b', amountFils: 10_150, automatic: true }]);
    const at = resolveProxy({ priceFils: 5_000, leaderId: 'a' }, [max('a', 10_000, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 20_000,
      order: 2,
    });
    expect(at.bids).toEqual([{ bidderId: 'b', amountFils: 11_000, automatic: true }]);
  });

  it('equal maximums: the earlier wins at the maximum', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'max',
      userId: 'b',
      amountFils: 50_000,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 50_000, automatic: true }]);
    expect(r).toMatchObject({ priceFils: 50_000, leaderId: 'a' });
  });

  it('equal maximums: an earlier one not leading takes the lead at the maximum', () => {
    // b's earlier maximum was outbid by a manual bid then a raises to the same amount later.
    const r = resolveProxy({ priceFils: 30_000, leaderId: 'c' }, [max('b', 50_000, 1)], {
      kind: 'max',
      userId: 'a',
      amountFils: 50_000,
      order: 2,
    });
    expect(r.bids).toEqual([{ bidderId: 'b', amountFils: 50_000, automatic: true }]);
  });

  it('raising one’s own maximum while leading produces nothing', () => {
    const r = resolveProxy({ priceFils: 21_000, leaderId: 'a' }, [max('a', 50_000, 1), max('b', 20_000, 2)], {
      kind: 'max',
      userId: 'a',
      amountFils: 90_000,
      order: 3,
    });
    expect(r.bids).toEqual([]);
    expect(r).toMatchObject({ priceFils: 21_000, leaderId: 'a' });
    expect(r.maxima).toContainEqual(max('a', 90_000, 3));
    expect(r.maxima).toHaveLength(2);
  });

  it('three maximums: the highest wins at the second plus one step in one bid', () => {
    const r = resolveProxy({ priceFils: 21_000, leaderId: 'a' }, [max('a', 50_000, 1), max('b', 20_000, 2)], {
      kind: 'max',
      userId: 'c',
      amountFils: 200_000,
      order: 3,
    });
    expect(r.bids).toEqual([{ bidderId: 'c', amountFils: 51_000, automatic: true }]);
  });

  it('a maximum not above the price never bids', () => {
    const r = resolveProxy({ priceFils: 30_000, leaderId: 'c' }, [max('a', 20_000, 1)], {
      kind: 'bid',
      bidderId: 'd',
      amountFils: 31_000,
    });
    expect(r.bids).toEqual([{ bidderId: 'd', amountFils: 31_000, automatic: false }]);
  });

  it('a leader’s own manual bid under their maximum leaves them leading without an automatic bid', () => {
    const r = resolveProxy({ priceFils: 11_000, leaderId: 'a' }, [max('a', 50_000, 1)], {
      kind: 'bid',
      bidderId: 'a',
      amountFils: 12_000,
    });
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 12_000, automatic: false }]);
  });
});

describe('maxBidRefusal', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  const auction = (over: Partial<AuctionFacts> = {}): AuctionFacts => ({
    sellerId: 'seller',
    status: AuctionStatus.Active,
    currentPriceFils: 10_000,
    buyNowPriceFils: 50_000,
    endTime: new Date(now.getTime() + 60_000),
    ...over,
  });

  it('accepts from the price plus one step up to below the buy-now price', () => {
    expect(maxBidRefusal(auction(), 'a', 11_000, now)).toBeNull();
    expect(maxBidRefusal(auction(), 'a', 49_999, now)).toBeNull();
    expect(maxBidRefusal(auction({ buyNowPriceFils: null }), 'a', 10_000_000, now)).toBeNull();
  });

  it('refuses below the price plus one step', () => {
    expect(maxBidRefusal(auction(), 'a', 10_999, now)).toBe('MAX_BID_TOO_LOW');
    expect(maxBidRefusal(auction(), 'a', 10_000, now)).toBe('MAX_BID_TOO_LOW');
  });

  it('refuses at or above the buy-now price with the offer to buy now', () => {
    expect(maxBidRefusal(auction(), 'a', 50_000, now)).toBe('MAX_BID_AT_BUY_NOW');
    expect(maxBidRefusal(auction(), 'a', 60_000, now)).toBe('MAX_BID_AT_BUY_NOW');
  });

  it('refuses the seller and closed auctions', () => {
    expect(maxBidRefusal(auction(), 'seller', 20_000, now)).toBe('BID_OWN_AUCTION');
    expect(maxBidRefusal(auction({ status: AuctionStatus.Sold }), 'a', 20_000, now)).toBe('AUCTION_NOT_OPEN');
    expect(maxBidRefusal(auction({ endTime: now }), 'a', 20_000, now)).toBe('AUCTION_ENDED');
    expect(maxBidRefusal(null, 'a', 20_000, now)).toBe('AUCTION_NOT_FOUND');
  });
});

describe('answerMaxima (the price after a member is removed, R-MAX-BID-REMOVAL)', () => {
  const max = (userId: string, amountFils: number, order: number) => ({ userId, amountFils, order });

  it('lets the remaining top maximum answer the highest remaining manual bid', () => {
    const r = answerMaxima({ priceFils: 50_000, leaderId: 'c' }, [max('a', 80_000, 1), max('d', 60_000, 2)]);
    expect(r.bids).toEqual([{ bidderId: 'a', amountFils: 61_000, automatic: true }]);
    expect(r).toMatchObject({ priceFils: 61_000, leaderId: 'a' });
  });

  it('places nothing when the remaining leader already stands above the other maximums', () => {
    const r = answerMaxima({ priceFils: 70_000, leaderId: 'a' }, [max('a', 80_000, 1), max('d', 60_000, 2)]);
    expect(r.bids).toEqual([]);
    expect(r).toMatchObject({ priceFils: 70_000, leaderId: 'a' });
  });

  it('leaves the price as it is without maximums', () => {
    expect(answerMaxima({ priceFils: 5_000, leaderId: null }, [])).toMatchObject({ bids: [], priceFils: 5_000 });
  });
});
