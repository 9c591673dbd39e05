/**
 * What the auction detail page shows to whom. The server enforces
 * every rule; these are the client's courtesy checks and display decisions. The bid amount
 * rules live in './bid-amount'.
 */
import { ERROR_MESSAGES, type Auction, type Bid } from '@mazad/contracts';
import { GENERIC_USER } from '@/lib/names';
import { isOpen } from './visibility';

export type ViewerRole = 'visitor' | 'seller' | 'winner' | 'member';

type RoleFields = Pick<Auction, 'seller' | 'winner'>;

/** Who is looking: signed out, the seller, the winner, or any other member. */
export function viewerRole(auction: RoleFields, userId: string | null | undefined): ViewerRole {
  if (!userId) return 'visitor';
  if (auction.seller?._id === userId) return 'seller';
  if (auction.winner?._id === userId) return 'winner';
  return 'member';
}

/**
 * Why the seller cannot delete this auction, or null when they can: the server's rule (a hard
 * delete only while no bid exists and nobody won — a buy-now sale has a winner and no bids), with
 * the text of the refusal it would answer (AUCTION_HAS_BIDS, AUCTION_NOT_DELETABLE).
 */
export function deleteRefusal(auction: Pick<Auction, 'bidCount' | 'winner'>): string | null {
  if ((auction.bidCount ?? 0) > 0) return ERROR_MESSAGES.AUCTION_HAS_BIDS;
  if (auction.winner) return ERROR_MESSAGES.AUCTION_NOT_DELETABLE;
  return null;
}

/** Buy-now box: not the seller, the auction open, and a buy-now price above 0. */
export function canShowBuyNow(
  auction: Pick<Auction, 'seller' | 'status' | 'buyNowPrice'>,
  userId: string | null | undefined,
): boolean {
  if (userId && auction.seller?._id === userId) return false;
  if (!isOpen(auction.status)) return false;
  return typeof auction.buyNowPrice === 'number' && auction.buyNowPrice > 0;
}

export interface HistoryRow {
  key: string;
  /** 1 for the newest bid. */
  number: number;
  bidderName: string;
  amount: number;
  createdAt: string;
  cancelled: boolean;
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
  }));
}
