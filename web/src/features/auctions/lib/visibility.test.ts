import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '@mazad/contracts';
import {
  canSeeChatButton,
  isInChatWindow,
  isOpen,
  isVisibleOnAllAuctions,
  isVisibleOnHome,
  msUntilRemovedFromHome,
} from './visibility';

const MIN = 60_000;
const END = Date.parse('2025-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('isOpen', () => {
  it('treats نشط, قيد الانتظار and the English active as open', () => {
    expect(isOpen(AuctionStatus.Active)).toBe(true);
    expect(isOpen(AuctionStatus.Pending)).toBe(true);
    expect(isOpen('active')).toBe(true);
  });
  it('treats every other status as closed', () => {
    for (const status of [
      AuctionStatus.Sold,
      AuctionStatus.Unsold,
      AuctionStatus.Ended,
      AuctionStatus.Cancelled,
      'x',
    ]) {
      expect(isOpen(status)).toBe(false);
    }
  });
});

describe('home list visibility', () => {
  it('hides auctions whose deal is confirmed', () => {
    expect(isVisibleOnHome({ status: AuctionStatus.Active, isDealConfirmed: true, endTime: iso(END) }, END - MIN)).toBe(
      false,
    );
  });

  it('keeps a sold auction for 10 minutes after its end, then removes it', () => {
    const sold = { status: AuctionStatus.Sold, endTime: iso(END), isDealConfirmed: false };
    expect(isVisibleOnHome(sold, END + 9 * MIN)).toBe(true);
    expect(isVisibleOnHome(sold, END + 10 * MIN)).toBe(false);
    expect(msUntilRemovedFromHome(sold, END + 4 * MIN)).toBe(6 * MIN);
    expect(msUntilRemovedFromHome(sold, END + 20 * MIN)).toBe(0);
  });

  it('keeps open auctions', () => {
    expect(isVisibleOnHome({ status: AuctionStatus.Active, endTime: iso(END) }, END + 60 * MIN)).toBe(true);
  });
});

describe('all-auctions visibility', () => {
  it('hides confirmed deals even while active', () => {
    expect(
      isVisibleOnAllAuctions({ status: AuctionStatus.Active, isDealConfirmed: true, endTime: iso(END) }, END),
    ).toBe(false);
  });

  it('shows auctions without an end time and active ones', () => {
    expect(isVisibleOnAllAuctions({ status: AuctionStatus.Sold, endTime: null }, END)).toBe(true);
    expect(isVisibleOnAllAuctions({ status: 'active', endTime: iso(END) }, END + 60 * MIN)).toBe(true);
  });

  it('keeps an ended auction with bids until 10 minutes after its end', () => {
    const withBids = { status: AuctionStatus.Sold, endTime: iso(END), bids: [{}] };
    expect(isVisibleOnAllAuctions(withBids, END + 9 * MIN)).toBe(true);
    expect(isVisibleOnAllAuctions(withBids, END + 10 * MIN)).toBe(false);
    expect(isVisibleOnAllAuctions({ status: AuctionStatus.Sold, endTime: iso(END), bidCount: 2 }, END + 5 * MIN)).toBe(
      true,
    );
  });

  it('keeps an ended auction without bids until 25 minutes after its start', () => {
    const start = END - 60 * MIN;
    const noBids = { status: AuctionStatus.Unsold, endTime: iso(END), startTime: iso(start), bids: [] };
    expect(isVisibleOnAllAuctions(noBids, start + 24 * MIN)).toBe(true);
    expect(isVisibleOnAllAuctions(noBids, start + 25 * MIN)).toBe(false);
  });

  it('hides an ended auction without bids or start time', () => {
    expect(isVisibleOnAllAuctions({ status: AuctionStatus.Unsold, endTime: iso(END) }, END - MIN)).toBe(false);
  });
});

describe('chat window after a sale', () => {
  const sold = { status: AuctionStatus.Sold, endTime: iso(END), seller: { _id: 'seller' }, winner: { _id: 'winner' } };

  it('is open strictly between 1.5 and 10 minutes after the end', () => {
    expect(isInChatWindow(sold, END + 90_000)).toBe(false);
    expect(isInChatWindow(sold, END + 90_001)).toBe(true);
    expect(isInChatWindow(sold, END + 10 * MIN - 1)).toBe(true);
    expect(isInChatWindow(sold, END + 10 * MIN)).toBe(false);
    expect(isInChatWindow({ endTime: 'not a date' }, END)).toBe(false);
  });

  it('shows the chat button only to the seller and the winner of a sold auction', () => {
    const now = END + 5 * MIN;
    expect(canSeeChatButton(sold, 'seller', now)).toBe(true);
    expect(canSeeChatButton(sold, 'winner', now)).toBe(true);
    expect(canSeeChatButton(sold, 'someone-else', now)).toBe(false);
    expect(canSeeChatButton(sold, null, now)).toBe(false);
    expect(canSeeChatButton({ ...sold, status: AuctionStatus.Unsold }, 'seller', now)).toBe(false);
    expect(canSeeChatButton(sold, 'seller', END + 11 * MIN)).toBe(false);
  });
});
