/**
 * Which auctions the lists show, and when the post-sale chat button appears
 * (specification 4.5). `now` is the server's clock (`serverNow()`).
 */
import { AuctionStatus, normalizeAuctionStatus, OPEN_STATUSES } from '@mazad/contracts';

const MINUTE = 60_000;

export const SOLD_VISIBLE_ON_HOME_MS = 10 * MINUTE;
export const ENDED_WITH_BIDS_VISIBLE_MS = 10 * MINUTE;
export const ENDED_WITHOUT_BIDS_VISIBLE_FROM_START_MS = 25 * MINUTE;
export const CHAT_WINDOW_OPENS_MS = 1.5 * MINUTE;
export const CHAT_WINDOW_CLOSES_MS = 10 * MINUTE;
/** The home list re-checks visibility this often. */
export const HOME_VISIBILITY_CHECK_MS = 30_000;

export interface AuctionTiming {
  status: string;
  endTime?: string | null;
  startTime?: string | null;
  isDealConfirmed?: boolean;
  bids?: readonly unknown[] | null;
  bidCount?: number;
  seller?: { _id: string } | null;
  winner?: { _id: string } | null;
}

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Open (accepts bids): نشط, قيد الانتظار, and the English `active`. */
export function isOpen(status: string): boolean {
  const normalized = normalizeAuctionStatus(status);
  return normalized !== undefined && OPEN_STATUSES.includes(normalized);
}

export function isSold(status: string): boolean {
  return normalizeAuctionStatus(status) === AuctionStatus.Sold;
}

function hasBids(auction: AuctionTiming): boolean {
  return (auction.bids?.length ?? 0) > 0 || (auction.bidCount ?? 0) > 0;
}

/** Home list: confirmed deals are hidden; sold auctions stay 10 minutes after their end. */
export function isVisibleOnHome(auction: AuctionTiming, now: number): boolean {
  if (auction.isDealConfirmed) return false;
  if (isSold(auction.status)) {
    const end = time(auction.endTime);
    return end === null || now < end + SOLD_VISIBLE_ON_HOME_MS;
  }
  return true;
}

/**
 * All-auctions page: hidden if the deal is confirmed; shown without an end time or while
 * active; an ended auction with bids stays until 10 minutes after its end, one without bids
 * until 25 minutes after its start; otherwise hidden.
 */
export function isVisibleOnAllAuctions(auction: AuctionTiming, now: number): boolean {
  if (auction.isDealConfirmed) return false;
  const end = time(auction.endTime);
  if (end === null || isOpen(auction.status)) return true;
  if (hasBids(auction)) return now < end + ENDED_WITH_BIDS_VISIBLE_MS;
  const start = time(auction.startTime);
  if (start !== null) return now < start + ENDED_WITHOUT_BIDS_VISIBLE_FROM_START_MS;
  return false;
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

/** Milliseconds until a sold auction leaves the home list (never negative). */
export function msUntilRemovedFromHome(auction: Pick<AuctionTiming, 'endTime'>, now: number): number {
  const end = time(auction.endTime);
  if (end === null) return 0;
  return Math.max(0, end + SOLD_VISIBLE_ON_HOME_MS - now);
}
