import { jobIdOf, QUEUES } from '../../infrastructure/queues/queue-registry';

/**
 * Outbid notices wait on their own queue for a few seconds before they are written
 * (R-NOTICE-OUTBID-COALESCED, docs/notifications.md): one delayed job per member and auction,
 * under a job id made of the two, so every further outbid meanwhile — on any replica — joins the
 * job already waiting instead of writing a notice, an e-mail and a push of its own. The queue's
 * row of the registry (QUEUES.outbidNotices) holds its job name, id scheme, retries and its
 * limiter: one notice every 50 ms across all workers, so a hot auction's first seconds, which
 * outbid every bidder at once, do not take the database pool from the bids.
 */
export const OUTBID_NOTICES_QUEUE = QUEUES.outbidNotices.name;
export const OUTBID_NOTICE_JOB = QUEUES.outbidNotices.jobNames[0];

export interface OutbidNoticeJob {
  auctionId: string;
  memberId: string;
}

export const outbidJobId = ({ auctionId, memberId }: OutbidNoticeJob) =>
  jobIdOf(QUEUES.outbidNotices.jobId, auctionId, memberId);
