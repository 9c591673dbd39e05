import { FIELDS } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { bidAmountMessage, bidAmountResolver, checkBidAmount } from './bid-amount';

// The minimum over a current price of 120.5 (one fils above it, as offerState answers).
const MINIMUM = 120.501;

describe('bid amount check', () => {
  it('accepts only amounts at or above the minimum', () => {
    expect(checkBidAmount('120.5', MINIMUM).ok).toBe(false);
    expect(checkBidAmount('120.4', MINIMUM).ok).toBe(false);
    expect(checkBidAmount('100', MINIMUM).ok).toBe(false);
    expect(checkBidAmount('120.501', MINIMUM)).toEqual({ ok: true, amount: 120.501 });
    expect(checkBidAmount(121, MINIMUM)).toEqual({ ok: true, amount: 121 });
    expect(checkBidAmount('abc', MINIMUM)).toEqual({ ok: false, problem: 'not-a-number' });
  });

  it('reads amounts as people type them (R-NUMBER-INPUT)', () => {
    expect(checkBidAmount('١٬٢٥٠٫٥٠٠', MINIMUM)).toEqual({ ok: true, amount: 1250.5 });
    expect(checkBidAmount('1,250.500', MINIMUM)).toEqual({ ok: true, amount: 1250.5 });
    expect(checkBidAmount('\u200F۱۲۵\u200F', MINIMUM)).toEqual({ ok: true, amount: 125 });
    expect(checkBidAmount('١٢١٫٠٠٠٥', MINIMUM)).toEqual({ ok: false, problem: 'too-many-decimals' });
    // A decimal comma is not guessed: 12,5 could be 12.5 or a mistyped 125.
    expect(checkBidAmount('121,5', MINIMUM)).toEqual({ ok: false, problem: 'not-a-number' });
  });

  it('refuses more than 3 decimals, and an empty amount', () => {
    expect(checkBidAmount('121.0005', MINIMUM)).toEqual({ ok: false, problem: 'too-many-decimals' });
    expect(checkBidAmount('121.0001', MINIMUM).ok).toBe(false);
    expect(checkBidAmount('121.005', MINIMUM)).toEqual({ ok: true, amount: 121.005 });
    expect(checkBidAmount('', MINIMUM)).toEqual({ ok: false, problem: 'empty' });
    expect(checkBidAmount('  ', MINIMUM)).toEqual({ ok: false, problem: 'empty' });
  });

  it("says why: the amount field's form text (what to type, no JSON name), the server's refusal of a low bid", () => {
    expect(bidAmountMessage('too-low')).toBe('يجب أن تكون المزايدة أعلى من السعر الحالي');
    expect(bidAmountMessage('empty')).toBe('يجب أن تكون المزايدة أعلى من السعر الحالي');
    expect(bidAmountMessage('too-many-decimals')).toBe(
      'اكتب مبلغ المزايدة بالأرقام، بثلاث منازل عشرية على الأكثر، مثل 1,250.500',
    );
    expect(bidAmountMessage('not-a-number')).toBe(FIELDS.bidAmount.messages.typed);
    expect(bidAmountMessage('too-many-decimals', FIELDS.maxBid)).toBe(FIELDS.maxBid.messages.typed);
  });

  it('as a form resolver: the amount as a number, or the error on the amount field', async () => {
    const resolve = bidAmountResolver(MINIMUM);
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await resolve({ amount: ' 121.5 ' }, undefined, options)).toEqual({ values: { amount: 121.5 }, errors: {} });
    expect(await resolve({ amount: '120' }, undefined, options)).toEqual({
      values: {},
      errors: { amount: { type: 'too-low', message: bidAmountMessage('too-low') } },
    });
    expect(await bidAmountResolver(MINIMUM, FIELDS.maxBid)({ amount: '1.0005' }, undefined, options)).toEqual({
      values: {},
      errors: { amount: { type: 'too-many-decimals', message: FIELDS.maxBid.messages.typed } },
    });
  });
});
