import { describe, expect, it } from 'vitest';
import { bidAmountMessage, checkBidAmount, suggestedBid } from './bid-amount';

describe('suggested bid', () => {
  it('is the current price + 1 without float noise', () => {
    expect(suggestedBid(120.5)).toBe(121.5);
    expect(suggestedBid(0.1)).toBe(1.1);
    expect(suggestedBid(0.1 + 0.2)).toBe(1.3);
    expect(suggestedBid(10.005)).toBe(11.005);
    expect(suggestedBid(99.999)).toBe(100.999);
  });
});

describe('bid amount check', () => {
  it('accepts only amounts strictly above the current price', () => {
    expect(checkBidAmount('120.5', 120.5).ok).toBe(false);
    expect(checkBidAmount('120.4', 120.5).ok).toBe(false);
    expect(checkBidAmount('100', 120.5).ok).toBe(false);
    expect(checkBidAmount('120.501', 120.5)).toEqual({ ok: true, amount: 120.501 });
    expect(checkBidAmount(121, 120.5)).toEqual({ ok: true, amount: 121 });
    expect(checkBidAmount('abc', 120.5)).toEqual({ ok: false, problem: 'too-low' });
  });

  it('refuses more than 3 decimals, and an empty amount without an error to show', () => {
    expect(checkBidAmount('121.0005', 120.5)).toEqual({ ok: false, problem: 'too-many-decimals' });
    expect(checkBidAmount('121.0001', 120.5).ok).toBe(false);
    expect(checkBidAmount('121.005', 120.5)).toEqual({ ok: true, amount: 121.005 });
    expect(checkBidAmount('', 120.5)).toEqual({ ok: false, problem: 'empty' });
    expect(checkBidAmount('  ', 120.5)).toEqual({ ok: false, problem: 'empty' });
  });

  it("says why in Arabic, with the server's text for a low bid", () => {
    expect(bidAmountMessage('too-low')).toBe('يجب أن تكون المزايدة أعلى من السعر الحالي');
    expect(bidAmountMessage('empty')).toBe('يجب أن تكون المزايدة أعلى من السعر الحالي');
    expect(bidAmountMessage('too-many-decimals')).toBe('المبلغ بالدينار يقبل 3 منازل عشرية على الأكثر');
  });
});
