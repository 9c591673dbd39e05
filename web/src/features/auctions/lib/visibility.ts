/**
 * When a sold auction leaves the lists and when the post-sale chat button appears
 * (R-LISTING, R-CHAT-WINDOW). Which auctions the lists carry is the server's rule (GET /api/auctions);
 * these only count down to it. `now` is the server's clock (`serverNow()`).
 */
import { AuctionStatus, normalizeAuctionStatus, OPEN_STATUSES, SOLD_LISTED_FOR_SECONDS } from '@mazad/contracts';

const MINUTE = 60_000;

const SOLD_LISTED_MS = SOLD_LISTED_FOR_SECONDS * 1000;
export const CHAT_WINDOW_OPENS_MS = 1.5 * MINUTE;
export const CHAT_WINDOW_CLOSES_MS = 10 * MINUTE;

export interface AuctionTiming {
  status: string;
  endTime?: string | null;
  seller?: { _id: string } | null;
  winner?: { _id: string } | null;
}

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Open (accepts bids): نشط, and the English `active`. */
export function isOpen(status: string): boolean {
  const normalized = normalizeAuctionStatus(status);
  return normalized !== undefined && OPEN_STATUSES.includes(normalized);
}

export function isSold(status: string): boolean {
  return normalizeAuctionStatus(status) === AuctionStatus.Sold;
}

/** More than 1.5 and less than 10 minutes since the end. */
export function isInChatWindow(auction: Pick<AuctionTiming, 'endTime'>, now: number): boolean {
  const end = time(auction.endTime);
  if (end === null) return false;
  const elapsed = now - end;
  return elapsed > CHAT_WINDOW_OPENS_MS && elapsed < CHAT_WINDOW_CLOSES_MS;
}

/** The chat button of a sold auction: for its seller or winner, inside the chat window. */
export function canSeeChatButton(auction: AuctionTiming, userId: string | null | undefined, now: number): boolean {
  if (!userId || !isSold(auction.status)) return false;
  const party = auction.seller?._id === userId || auction.winner?._id === userId;
  return party && isInChatWindow(auction, now);
}

/** Milliseconds until a sold auction leaves the lists (never negative). */
export function msUntilRemovedFromHome(auction: Pick<AuctionTiming, 'endTime'>, now: number): number {
  const end = time(auction.endTime);
  if (end === null) return 0;
  return Math.max(0, end + SOLD_LISTED_MS - now);
}

/**
 * When to read a list again so the first of its sold auctions to leave is gone: a second after it
 * is due (the server's clock decides, to the millisecond); null when no shown auction will leave.
 */
export function nextSoldLeavesInMs(auctions: readonly Pick<AuctionTiming, 'status' | 'endTime'>[], now: number) {
  const waits = auctions
    .filter((a) => isSold(a.status))
    .map((a) => msUntilRemovedFromHome(a, now))
    .filter((ms) => ms > 0);
  return waits.length > 0 ? Math.min(...waits) + 1000 : null;
}
