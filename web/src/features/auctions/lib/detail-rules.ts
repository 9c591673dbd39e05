/**
 * Display decisions of the auction detail page: the bid history. What a viewer may do (bid, buy
 * now, edit, delete) is offerState's and partyActions' answer ('@mazad/contracts'); the bid amount
 * check lives in './bid-amount'. The server enforces every rule.
 */
import type { Bid } from '@mazad/contracts';
import { GENERIC_USER } from '@/lib/names';

export interface HistoryRow {
  key: string;
  /** 1 for the newest bid. */
  number: number;
  bidderName: string;
  amount: number;
  createdAt: string;
  cancelled: boolean;
  /** Placed by the engine for the bidder's maximum (R-MAX-BID). */
  automatic: boolean;
}

/** Bid history rows: newest first, numbered from the newest, with a generic name fallback. */
export function bidHistoryRows(bids: readonly Bid[] | null | undefined): HistoryRow[] {
  const list = [...(bids ?? [])];
  // The server sends bids oldest first; sort anyway so a stale or mixed list still reads right.
  const time = (bid: Bid) => {
    const ms = Date.parse(bid.createdAt);
    return Number.isNaN(ms) ? 0 : ms;
  };
  const ordered = list
    .map((bid, index) => ({ bid, index }))
    .sort((a, b) => time(b.bid) - time(a.bid) || b.index - a.index);
  return ordered.map(({ bid, index }, position) => ({
    key: bid._id ?? `bid-${index}`,
    number: position + 1,
    bidderName: bid.bidder?.name?.trim() || GENERIC_USER,
    amount: bid.amount,
    createdAt: bid.createdAt,
    cancelled: Boolean(bid.isCancelled),
    automatic: Boolean(bid.isAutomatic),
  }));
}
