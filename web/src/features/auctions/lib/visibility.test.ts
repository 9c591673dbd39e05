import { describe, expect, it } from 'vitest';
import { AuctionStatus } from '@mazad/contracts';
import { canSeeChatButton, isInChatWindow, isOpen, msUntilRemovedFromHome, nextSoldLeavesInMs } from './visibility';

const MIN = 60_000;
const END = Date.parse('2025-06-01T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('isOpen', () => {
  it('treats نشط and the English active as open', () => {
    expect(isOpen(AuctionStatus.Active)).toBe(true);
    expect(isOpen('active')).toBe(true);
  });
  it('treats every other status as closed (and the old words no auction has)', () => {
    for (const status of [
      AuctionStatus.Sold,
      AuctionStatus.Unsold,
      AuctionStatus.Cancelled,
      'قيد الانتظار',
      'منتهي',
      'x',
    ]) {
      expect(isOpen(status)).toBe(false);
    }
  });
});

describe('leaving the lists', () => {
  it('counts down to 10 minutes after a sold auction ends', () => {
    const sold = { status: AuctionStatus.Sold, endTime: iso(END) };
    expect(msUntilRemovedFromHome(sold, END + 4 * MIN)).toBe(6 * MIN);
    expect(msUntilRemovedFromHome(sold, END + 20 * MIN)).toBe(0);
  });

  it('asks for the list again a second after the first shown sold auction is due to leave', () => {
    const sold = (minutesAgo: number) => ({ status: AuctionStatus.Sold, endTime: iso(END - minutesAgo * MIN) });
    const open = { status: AuctionStatus.Active, endTime: iso(END + 5 * MIN) };
    expect(nextSoldLeavesInMs([open, sold(4), sold(7), sold(12)], END)).toBe(3 * MIN + 1000);
    expect(nextSoldLeavesInMs([open, sold(12)], END)).toBeNull();
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
