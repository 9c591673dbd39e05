import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '../auction-status';
import { ERRORS } from '../errors';
import {
  BID_RETRACTION_LAST_HOURS_MS,
  BID_RETRACTION_PERIOD_DAYS,
  BID_RETRACTION_WINDOW_MS,
  BID_RETRACTIONS_PER_PERIOD,
  operatorCancelRefusal,
  retractionRefusal,
} from './bid-retraction';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-03-01T10:00:00Z').getTime();
/** An open auction ending in `hoursLeft` hours. */
const auction = (hoursLeft = 48, status: string = AuctionStatus.Active) => ({
  status,
  endTime: now + hoursLeft * HOUR,
});
/** Member m's standing bid placed `minutesAgo` minutes ago. */
const bid = (minutesAgo = 5, over: Partial<{ bidderId: string; isCancelled: boolean }> = {}) => ({
  bidderId: 'm',
  createdAt: new Date(now - minutesAgo * 60_000).toISOString(),
  isCancelled: false,
  ...over,
});

describe('retractionRefusal (R-BID-RETRACT)', () => {
  it('lets a member retract their own standing bid placed within the hour, far from the end', () => {
    expect(retractionRefusal(auction(), bid(5), 'm', now)).toBeNull();
    expect(retractionRefusal(auction(), bid(60), 'm', now)).toBeNull(); // the hour itself
  });

  it('refuses past the window', () => {
    expect(retractionRefusal(auction(), bid(61), 'm', now)).toBe('BID_RETRACT_WINDOW_PASSED');
    expect(BID_RETRACTION_WINDOW_MS).toBe(HOUR);
  });

  it('in the last 12 hours: refuses a bid placed before them, allows one placed in them (within the hour)', () => {
    // Ends in 11 h 30 min: the last hours began 30 min ago.
    const closing = auction(11.5);
    expect(retractionRefusal(closing, bid(45), 'm', now)).toBe('BID_RETRACT_LAST_HOURS');
    expect(retractionRefusal(closing, bid(20), 'm', now)).toBeNull();
    // A one-hour auction is all last hours: its bids are retractable within the hour.
    expect(retractionRefusal(auction(0.5), bid(25), 'm', now)).toBeNull();
    expect(BID_RETRACTION_LAST_HOURS_MS).toBe(12 * HOUR);
  });

  it('refuses another member’s bid, a bid already taken back, a missing bid', () => {
    expect(retractionRefusal(auction(), bid(5, { bidderId: 'x' }), 'm', now)).toBe('BID_NOT_YOURS');
    expect(retractionRefusal(auction(), bid(5, { isCancelled: true }), 'm', now)).toBe('BID_ALREADY_CANCELLED');
    expect(retractionRefusal(auction(), null, 'm', now)).toBe('BID_NOT_FOUND');
  });

  it('refuses on an auction that takes no bids', () => {
    expect(retractionRefusal(auction(48, AuctionStatus.Sold), bid(), 'm', now)).toBe('AUCTION_NOT_OPEN');
    expect(retractionRefusal(auction(-0.1), bid(), 'm', now)).toBe('AUCTION_ENDED');
    expect(retractionRefusal(null, bid(), 'm', now)).toBe('AUCTION_NOT_FOUND');
  });

  it('the monthly limit’s refusal says the limit the server applies', () => {
    expect(ERRORS.BID_RETRACT_MONTHLY_LIMIT.message).toContain(`${BID_RETRACTIONS_PER_PERIOD} مرات`);
    expect(ERRORS.BID_RETRACT_MONTHLY_LIMIT.message).toContain(`${BID_RETRACTION_PERIOD_DAYS} يوماً`);
  });
});

describe('operatorCancelRefusal (R-BID-OPERATOR-CANCEL)', () => {
  it('cancels any standing bid of an open auction, however old and whoever placed it', () => {
    expect(operatorCancelRefusal(auction(1), bid(600, { bidderId: 'x' }), now)).toBeNull();
  });
  it('refuses a cancelled or missing bid and a closed auction', () => {
    expect(operatorCancelRefusal(auction(), bid(5, { isCancelled: true }), now)).toBe('BID_ALREADY_CANCELLED');
    expect(operatorCancelRefusal(auction(), null, now)).toBe('BID_NOT_FOUND');
    expect(operatorCancelRefusal(auction(48, AuctionStatus.Sold), bid(), now)).toBe('AUCTION_NOT_OPEN');
  });
});
