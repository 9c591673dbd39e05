/** The archive: finished auctions that left the live lists, with their bids, messages and ratings. */
import type { AuctionStatus } from '../auction-status';
import type { PartyRef } from './common';
import type { RatingRole } from './ratings';

/** A message as the archive keeps it. */
export interface ArchivedMessage {
  _id: string;
  id: string;
  sender: PartyRef;
  receiver: PartyRef;
  content: string;
  timestamp: string;
}

/** A rating as the archive keeps it. `role` is the rated side (`seller` when the winner rated the seller). */
export interface ArchivedRating {
  _id: string;
  id: string;
  from: PartyRef;
  to: PartyRef;
  role: RatingRole;
  stars: number;
  comment: string | null;
  createdAt: string;
}

/**
 * A finished auction that left the live lists (unsold 15 minutes, sold 24 hours after its
 * end). `_id` is the auction's id: the archive keeps the auction itself, with its bids,
 * messages and ratings.
 */
export interface ArchivedAuction {
  _id: string;
  id: string;
  auctionId: string;
  title: string;
  description: string;
  status: AuctionStatus;
  category: string;
  images: string[];
  startingPrice: number;
  finalPrice: number;
  totalBids: number;
  viewCount: number;
  endedAt: string | null;
  archivedAt: string;
  createdAt: string;
  seller: PartyRef;
  winner: PartyRef | null;
  messages: ArchivedMessage[];
  messageCount: number;
  ratings: ArchivedRating[];
  isDealConfirmed: boolean;
  dealConfirmedAt: string | null;
}

/** GET /api/users/{id}/archived-auctions and /won-archived-auctions: most recently archived first. */
export interface ArchivedAuctionsResult {
  success: true;
  archivedAuctions: ArchivedAuction[];
  /** Every matching archived auction; the answer carries one page (`page`, `limit`). */
  total: number;
  page: number;
  limit: number;
}

export interface ArchiveStats {
  /** The member's archived auctions as seller (sold + unsold). */
  totalArchived: number;
  soldArchived: number;
  unsoldArchived: number;
  /** Archived auctions the member won. */
  wonArchived: number;
}

/** GET /api/users/{userId}/archive-stats. */
export interface ArchiveStatsResult extends ArchiveStats {
  success: true;
}

/** PATCH /api/users/{userId}/confirm-archived-deal/{archivedId}. */
export interface ConfirmArchivedDealResult {
  success: true;
  message: string;
  /** False when the deal had already been confirmed (nothing changed). */
  changed: boolean;
  archivedAuction: ArchivedAuction;
}

/** Query of GET /api/users/{id}/won-archived-auctions. */
export interface ArchivePageQuery {
  page?: number;
  limit?: number;
}

/** Query of GET /api/users/{id}/archived-auctions: `sold` or `unsold` (or their Arabic values). */
export interface ArchivedAuctionsQuery extends ArchivePageQuery {
  status?: string;
}
