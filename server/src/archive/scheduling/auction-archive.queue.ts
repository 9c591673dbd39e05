import { jobIdOf, QUEUES } from '../../infrastructure/queues/queue-registry';

/** BullMQ queue of delayed "archive this auction" jobs, one per ended auction with a stable id (QUEUES.auctionArchive). */
export const AUCTION_ARCHIVE_QUEUE = QUEUES.auctionArchive.name;

export interface ArchiveJobData {
  auctionId: string;
}

/** Stable job id: adding it twice is a no-op, so scheduling is idempotent. */
export const archiveJobId = (auctionId: string) => jobIdOf(QUEUES.auctionArchive.jobId, auctionId);
