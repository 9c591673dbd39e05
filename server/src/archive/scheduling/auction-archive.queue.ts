/** BullMQ queue of delayed "archive this auction" jobs, one per ended auction with a stable id. */
export const AUCTION_ARCHIVE_QUEUE = 'auction-archive';
export const ARCHIVE_JOB = 'archive';

export interface ArchiveJobData {
  auctionId: string;
}

/** Stable job id: adding it twice is a no-op, so scheduling is idempotent. */
export const archiveJobId = (auctionId: string) => `archive-${auctionId}`;
