import { describe, expect, it } from 'vitest';
import { BID_REVIEW_STEPS, bidReviewReason, typedBidAction } from './bid-review';
import { reachesBuyNowPrice } from './bid-rules';

describe('bidReviewReason (R-BID-REVIEW)', () => {
  it('reads back the typo that cost a member: 12,000 typed for 1,210 on a 1,200 JOD car', () => {
    expect(bidReviewReason(1_200_000, 12_000_000)).toBe('over-twice-price');
  });

  it('reviews more than twice the price, and not twice itself', () => {
    // 1 JOD: steps of 0.250 would allow up to 3.750; twice the price is the nearer limit.
    expect(bidReviewReason(1_000, 2_000)).toBeNull();
    expect(bidReviewReason(1_000, 2_001)).toBe('over-twice-price');
  });

  it(`reviews more than ${BID_REVIEW_STEPS} steps above the suggested bid, at each step size`, () => {
    // 1,200 JOD: step 10 JOD, suggested 1,210; 10 steps more is 1,310.
    expect(bidReviewReason(1_200_000, 1_310_000)).toBeNull();
    expect(bidReviewReason(1_200_000, 1_310_001)).toBe('many-steps-over');
    // 500 JOD: step 5, suggested 505, limit 555.
    expect(bidReviewReason(500_000, 555_000)).toBeNull();
    expect(bidReviewReason(500_000, 555_001)).toBe('many-steps-over');
    // 50 JOD: step 1, suggested 51, limit 61.
    expect(bidReviewReason(50_000, 61_000)).toBeNull();
    expect(bidReviewReason(50_000, 61_500)).toBe('many-steps-over');
  });

  it('sends the ordinary bids: the suggestion, a few steps more, one fils above the price', () => {
    expect(bidReviewReason(1_200_000, 1_210_000)).toBeNull();
    expect(bidReviewReason(1_200_000, 1_250_000)).toBeNull();
    expect(bidReviewReason(1_200_000, 1_200_001)).toBeNull();
    expect(bidReviewReason(5_000, 7_500)).toBeNull();
  });
});

describe('typedBidAction', () => {
  const car = { currentPriceFils: 1_200_000, buyNowPriceFils: 2_000_000 };

  it('offers the purchase at or above the buy-now price, never a bid there', () => {
    expect(typedBidAction(car, 2_000_000)).toEqual({ action: 'buy-now' });
    expect(typedBidAction(car, 12_000_000)).toEqual({ action: 'buy-now' });
    expect(typedBidAction(car, 1_999_999)).toEqual({ action: 'review', reason: 'many-steps-over' });
  });

  it('reviews a far amount when there is no buy-now price', () => {
    expect(typedBidAction({ ...car, buyNowPriceFils: null }, 12_000_000)).toEqual({
      action: 'review',
      reason: 'over-twice-price',
    });
    expect(typedBidAction({ ...car, buyNowPriceFils: 0 }, 12_000_000).action).toBe('review');
  });

  it('sends an ordinary bid', () => {
    expect(typedBidAction(car, 1_210_000)).toEqual({ action: 'send' });
  });

  it('offers no purchase once bidding reached the buy-now price (the server judges the bid)', () => {
    expect(typedBidAction({ currentPriceFils: 2_000_000, buyNowPriceFils: 2_000_000 }, 2_010_000)).toEqual({
      action: 'send',
    });
  });
});

describe('reachesBuyNowPrice', () => {
  it('is the buy-now price and above, and never without one', () => {
    expect(reachesBuyNowPrice({ buyNowPriceFils: 2_000_000 }, 2_000_000)).toBe(true);
    expect(reachesBuyNowPrice({ buyNowPriceFils: 2_000_000 }, 1_999_999)).toBe(false);
    expect(reachesBuyNowPrice({ buyNowPriceFils: null }, 9_000_000)).toBe(false);
    expect(reachesBuyNowPrice({ buyNowPriceFils: 0 }, 9_000_000)).toBe(false);
  });
});
