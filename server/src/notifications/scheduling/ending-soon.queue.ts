/** BullMQ queue of delayed "this auction ends soon" jobs, one per open auction with a stable id. */
export const ENDING_SOON_QUEUE = 'ending-soon';
export const ENDING_SOON_JOB = 'ending-soon';

/** Stable job id: adding it twice is a no-op, and a moved end re-times this same job. */
export const endingSoonJobId = (auctionId: string) => `ending-soon-${auctionId}`;

/** How long before the end the reminder goes out (the default lead time of docs/notifications.md). */
export const ENDING_SOON_LEAD_MINUTES = 15;
