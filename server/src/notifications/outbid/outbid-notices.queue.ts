/**
 * Outbid notices wait on their own queue for a few seconds before they are written
 * (R-NOTICE-OUTBID-COALESCED, docs/notifications.md): one delayed job per member and auction,
 * under a job id made of the two, so every further outbid meanwhile — on any replica — joins the
 * job already waiting instead of writing a notice, an e-mail and a push of its own.
 */
export const OUTBID_NOTICES_QUEUE = 'notices-outbid';
export const OUTBID_NOTICE_JOB = 'outbid';

export interface OutbidNoticeJob {
  auctionId: string;
  memberId: string;
}

export const outbidJobId = ({ auctionId, memberId }: OutbidNoticeJob) => `outbid-${auctionId}-${memberId}`;

/**
 * Outbid notices written one every 50 ms across all workers (20 a second, evenly; BullMQ's
 * queue-wide limiter). A hot auction's first seconds outbid every one of its bidders at once:
 * 200 notices in the same second (each a few queries, an e-mail and a push) took the database
 * pool and the event loop from the bids, and every bid of that second waited (measured: bid p99
 * 326 ms at 600 bids/s, 43 ms with the notices held back). Spread out, the same notices cost the
 * bid path nothing visible and reach the last member a few seconds later.
 */
export const OUTBID_NOTICE_LIMIT = { max: 1, duration: 50 } as const;
