import { describe, expect, it } from 'vitest';
import { noticePath } from './notifications';

describe('noticePath', () => {
  it("leads an auction's notice to its page", () => {
    expect(noticePath({ type: 'auction', auctionId: 'a-1' })).toBe('/auction/a-1');
  });

  it("leads a message's notice to the auction's conversation on the messages page", () => {
    expect(noticePath({ type: 'conversation', auctionId: 'a-1' })).toBe('/messages?auction=a-1');
  });

  it("leads a rating's notice to the member's own ratings", () => {
    expect(noticePath({ type: 'profile' })).toBe('/profile?tab=ratings');
  });

  it('keeps an odd id inside its path segment or query value', () => {
    expect(noticePath({ type: 'auction', auctionId: '../x?y#z' })).toBe('/auction/..%2Fx%3Fy%23z');
    expect(noticePath({ type: 'conversation', auctionId: 'a&b=c' })).toBe('/messages?auction=a%26b%3Dc');
  });
});
