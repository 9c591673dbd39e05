import { AuctionStatus } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { standingOf, type StandingAuction } from './standing';

const bid = (bidder: string, amount: number, isCancelled = false) => ({
  amount,
  bidder: { _id: bidder, id: bidder, name: bidder },
  isCancelled,
});
const auction = (bids: ReturnType<typeof bid>[], status: string = AuctionStatus.Active): StandingAuction => ({
  status: status as StandingAuction['status'],
  seller: { _id: 'seller' },
  bids,
});

describe('standingOf', () => {
  it('leads with the highest standing bid, by hand or by a maximum', () => {
    expect(standingOf(auction([bid('rival', 50), bid('me', 51)]), 'me', false)).toBe('leading');
    expect(standingOf(auction([bid('rival', 50), bid('me', 51)]), 'me', true)).toBe('leading');
  });

  it('is outbid after a bid of theirs was overtaken, by a manual bid or a maximum', () => {
    expect(standingOf(auction([bid('me', 50), bid('rival', 55)]), 'me', false)).toBe('outbid');
  });

  it('is outbid with a maximum and no bid of theirs in the copy (a list item carries the latest bids)', () => {
    expect(standingOf(auction([bid('rival', 55)]), 'me', true)).toBe('outbid');
  });

  it('reads the leader by amount, whatever the order of the copy', () => {
    expect(standingOf(auction([bid('me', 60), bid('rival', 55)]), 'me', false)).toBe('leading');
  });

  it('ignores cancelled bids', () => {
    expect(standingOf(auction([bid('me', 50), bid('rival', 70, true)]), 'me', false)).toBe('leading');
    expect(standingOf(auction([bid('rival', 50), bid('me', 70, true)]), 'me', false)).toBeNull();
  });

  it('says nothing to a visitor, the seller, a member who never took part, or on a closed auction', () => {
    const running = auction([bid('me', 50)]);
    expect(standingOf(running, null, false)).toBeNull();
    expect(standingOf(running, 'seller', false)).toBeNull();
    expect(standingOf(running, 'other', false)).toBeNull();
    expect(standingOf(auction([bid('me', 50)], AuctionStatus.Sold), 'me', false)).toBeNull();
    expect(standingOf(auction([]), 'me', false)).toBeNull();
  });
});
