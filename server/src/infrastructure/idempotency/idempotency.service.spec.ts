import { worthReplaying } from './idempotency.service';

describe('worthReplaying (what an idempotency key remembers)', () => {
  it('remembers successes and refusals of the action', () => {
    expect(worthReplaying(200, {})).toBe(true);
    expect(worthReplaying(201, {})).toBe(true);
    expect(worthReplaying(400, { code: 'BID_TOO_LOW' })).toBe(true);
    expect(worthReplaying(400, { code: 'AUCTION_NOT_OPEN' })).toBe(true);
    expect(worthReplaying(409, { code: 'BUY_NOW_PRICE_CHANGED' })).toBe(true);
  });
  it('forgets rate limits, server failures and a busy auction', () => {
    expect(worthReplaying(429, { code: 'BID_RATE_LIMITED' })).toBe(false);
    expect(worthReplaying(500, { code: 'INTERNAL_ERROR' })).toBe(false);
    expect(worthReplaying(503, { code: 'AUCTION_BUSY' })).toBe(false);
    expect(worthReplaying(409, { code: 'AUCTION_BUSY' })).toBe(false);
  });
  it("forgets refusals of the input's shape, whose size is the sender's choice", () => {
    for (const code of ['VALIDATION_ERROR', 'UNKNOWN_FIELD', 'INPUT_TOO_DEEP', 'INVALID_CHARACTERS', 'INVALID_ID']) {
      expect(worthReplaying(400, { code })).toBe(false);
    }
    expect(worthReplaying(413, { code: 'PAYLOAD_TOO_LARGE' })).toBe(false);
    expect(worthReplaying(415, { code: 'UNSUPPORTED_CHARSET' })).toBe(false);
  });
});
