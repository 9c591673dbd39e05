import { isFinal } from './idempotency.service';

describe('isFinal (what an idempotency key remembers)', () => {
  it('remembers successes and refusals', () => {
    expect(isFinal(200, {})).toBe(true);
    expect(isFinal(201, {})).toBe(true);
    expect(isFinal(400, { code: 'BID_TOO_LOW' })).toBe(true);
    expect(isFinal(409, { code: 'BUY_NOW_PRICE_CHANGED' })).toBe(true);
  });
  it('forgets rate limits, server failures and a busy auction', () => {
    expect(isFinal(429, { code: 'BID_RATE_LIMITED' })).toBe(false);
    expect(isFinal(500, { code: 'INTERNAL_ERROR' })).toBe(false);
    expect(isFinal(503, { code: 'AUCTION_BUSY' })).toBe(false);
    expect(isFinal(409, { code: 'AUCTION_BUSY' })).toBe(false);
  });
});
