/** BullMQ queue of delayed "end this auction" jobs, one per auction with a stable id. */
export const AUCTION_END_QUEUE = 'auction-end';
export const END_JOB = 'end';

export interface EndJobData {
  auctionId: string;
}

/** Stable job id: adding it twice is a no-op, so scheduling is idempotent. */
export const endJobId = (auctionId: string) => `end-${auctionId}`;
