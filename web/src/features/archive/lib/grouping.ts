/**
 * How the archive screen arranges a member's archive:
 * the auctions they sold and the ones they won in one list, most recently archived first;
 * the latest 5 for the overview; 3 messages per auction as a preview; every rating.
 */
import type { ArchivedAuction, ArchivedMessage, ArchivedRating } from '@mazad/contracts';

export const OVERVIEW_LIMIT = 5;
export const MESSAGE_PREVIEW = 3;

const time = (value: string | null | undefined) => {
  const t = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** Sold and won archives together, each auction once, most recently archived first. */
export function combineArchive(mine: readonly ArchivedAuction[], won: readonly ArchivedAuction[]): ArchivedAuction[] {
  const byId = new Map<string, ArchivedAuction>();
  for (const auction of [...mine, ...won]) if (!byId.has(auction._id)) byId.set(auction._id, auction);
  return [...byId.values()].sort((a, b) => time(b.archivedAt) - time(a.archivedAt) || b._id.localeCompare(a._id));
}

export function latestArchived(all: readonly ArchivedAuction[], limit = OVERVIEW_LIMIT): ArchivedAuction[] {
  return all.slice(0, limit);
}

export interface ArchivedThread {
  auction: ArchivedAuction;
  /** The last messages of the conversation, oldest first. */
  preview: ArchivedMessage[];
  total: number;
}

/** Auctions that have a conversation, each with its last `size` messages. */
export function messageThreads(all: readonly ArchivedAuction[], size = MESSAGE_PREVIEW): ArchivedThread[] {
  return all
    .filter((a) => (a.messages?.length ?? 0) > 0)
    .map((auction) => {
      const sorted = [...auction.messages].sort((x, y) => time(x.timestamp) - time(y.timestamp));
      return { auction, preview: sorted.slice(-size), total: sorted.length };
    });
}

export interface ArchivedRatingRow extends ArchivedRating {
  auctionId: string;
  auctionTitle: string;
}

/** Every rating kept with the archived auctions, newest first. */
export function collectRatings(all: readonly ArchivedAuction[]): ArchivedRatingRow[] {
  return all
    .flatMap((a) => (a.ratings ?? []).map((r) => ({ ...r, auctionId: a._id, auctionTitle: a.title })))
    .sort((x, y) => time(y.createdAt) - time(x.createdAt));
}

export function isWonBy(auction: ArchivedAuction, userId: string): boolean {
  return auction.winner?._id === userId;
}
