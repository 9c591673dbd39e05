import { jobIdOf, QUEUES } from '../../infrastructure/queues/queue-registry';

/** BullMQ queue of delayed "end this auction" jobs, one per auction with a stable id (QUEUES.auctionEnd). */
export const AUCTION_END_QUEUE = QUEUES.auctionEnd.name;

export interface EndJobData {
  auctionId: string;
}

/** Stable job id: adding it twice is a no-op, so scheduling is idempotent. */
export const endJobId = (auctionId: string) => jobIdOf(QUEUES.auctionEnd.jobId, auctionId);
